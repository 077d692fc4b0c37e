/** The base URL Mozilla Readability's test pages were written for (vendored ones and the shared corpus). */
export const CORPUS_PAGE_URL = 'http://fakehost/test/page.html';

// Jest runs CommonJS, and ts-jest turns an ES module into CommonJS, except for one idiom: an ES module that
// makes its own `require` (`const require = createRequire(import.meta.url)`, as email-reply-parser does to
// load its optional re2) redeclares CommonJS's own `require` and reads `import.meta`. CommonJS already has
// `require`: the line goes before ts-jest sees the file. Node itself loads such packages untouched.
const { default: tsJest } = require('ts-jest');

module.exports = {
  createTransformer(options) {
    const inner = tsJest.createTransformer(options);
    const withoutOwnRequire = (source) =>
      source.replace(/^\s*const require = createRequire\(import\.meta\.url\);?\s*$/m, '');
    return {
      ...inner,
      process: (source, path, config) => inner.process(withoutOwnRequire(source), path, config),
      getCacheKey: (source, path, config) => inner.getCacheKey(withoutOwnRequire(source), path, config),
    };
  },
};

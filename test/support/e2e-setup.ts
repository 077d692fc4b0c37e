// End-to-end specs start the built app and the CLI as child processes, several per test: on a busy
// 2-core machine one such test can take minutes, which is slow but not a failure.
jest.setTimeout(180_000);

// The sample consumer's Jest configuration: the CommonJS test files in workers, and the global
// teardown of docs/setups.md, which merges the mocks' coverage records once every file ran.
module.exports = {
  testMatch: ['**/*.test.cjs'],
  globalSetup: './jest.global-setup.cjs',
  globalTeardown: './jest.global-teardown.cjs',
};

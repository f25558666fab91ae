// Jest's own jsdom environment, unconfigured, on a test file that only loads and makes the client
// (./client.test.cjs): the client needs nothing of what that environment lacks when it loads.
module.exports = { testEnvironment: 'jsdom' };

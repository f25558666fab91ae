// The configuration docs/setups.md gives for Jest 30 with the jsdom environment and MSW 2: Jest's
// own jsdom environment lacks fetch, Request, Response, TextDecoder and more, which MSW and the
// mock need; jest-fixed-jsdom (a devDependency, with jest-environment-jsdom) is jsdom with Node's
// own. Its customExportConditions make Jest resolve msw/node and the package's Node build instead
// of their browser builds. Babel turns MSW's three ES-module-only dependencies into CommonJS, as in
// ./jest.config.cjs.
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: { '\\.m?js$': ['babel-jest', { plugins: ['@babel/plugin-transform-modules-commonjs'] }] },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
};

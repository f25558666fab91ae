// The configuration docs/setups.md gives for Jest 30 with MSW 2 on Node 20.19 and later. MSW 2
// requires three packages that ship only ES modules (rettime, until-async and
// @open-draft/deferred-promise); Jest's CommonJS runtime cannot require() them untransformed, so
// Babel turns those three (and only those: the rest of node_modules stays untransformed) into
// CommonJS. Needs the devDependency @babel/plugin-transform-modules-commonjs.
module.exports = {
  transform: { '\\.m?js$': ['babel-jest', { plugins: ['@babel/plugin-transform-modules-commonjs'] }] },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
};

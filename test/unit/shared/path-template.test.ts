// A request path read under its operation's path template (src/shared/path-template.ts), as the
// mock's router, input check and stages read it.
import { describe, expect, it } from 'vitest';
import {
  decodeSegment,
  parameterOf,
  parametersOf,
  pathParameters,
  segmentsUnder,
} from '../../../src/shared/path-template.js';

const PROJECT = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';

describe('path-template', () => {
  it('pathParameters: decoded by name under the template; a segment that does not decode as sent; another length: none', () => {
    expect(pathParameters('/v2/projects/{project_id}/x/{id}', `/v2/projects/${PROJECT}/x/a%20b`)).toEqual({
      project_id: PROJECT,
      id: 'a b',
    });
    expect(pathParameters('/v2/{id}', '/v2/%ZZ')).toEqual({ id: '%ZZ' });
    expect(pathParameters('/v2/{id}', '/v2/a/b')).toEqual({});
    expect(pathParameters('/v2/{id}/{other}', '/v2//')).toEqual({ id: '', other: '' });
    // Only a segment that is one template names a parameter.
    expect(pathParameters('/v2/a{id}/{b}.json/{c}', '/v2/ax/y.json/z')).toEqual({ c: 'z' });
  });

  it('parameterOf: the name of a segment that is one whole {name}, else none', () => {
    expect(['{id}', '{a b}', 'id', '{id}.json', 'x{id}', '{a}{b}', '{}', '{{id}}', ''].map(parameterOf)).toEqual([
      'id',
      'a b',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('decodeSegment: percent-decoded when it decodes, else as sent', () => {
    expect(['plain', 'a%20b', '%E2%82%AC', '%ZZ', '100%', '%C3%28'].map(decodeSegment)).toEqual([
      'plain',
      'a b',
      '€',
      '%ZZ',
      '100%',
      '%C3%28',
    ]);
  });

  it('segmentsUnder: each segment as written and as sent, with the parameter it names; another length: undefined', () => {
    expect(segmentsUnder('/v2/{id}', '/v2/a%20b')).toEqual([
      { written: '', sent: '', parameter: undefined },
      { written: 'v2', sent: 'v2', parameter: undefined },
      { written: '{id}', sent: 'a%20b', parameter: 'id' },
    ]);
    expect(segmentsUnder('/v2/{id}', '/v2')).toBeUndefined();
    expect(segmentsUnder('/v2', '/v2/x')).toBeUndefined();
    expect(
      parametersOf([
        { written: 'x', sent: 'y', parameter: undefined },
        { written: '{a}', sent: '%41', parameter: 'a' },
      ]),
    ).toEqual({ a: 'A' });
  });
});

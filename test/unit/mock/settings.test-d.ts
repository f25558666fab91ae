// Type tests of the mock's settings (src/mock/settings.ts; vitest --typecheck compiles them with tsc):
// they are what createMock and startMock take; each setting of its own type, an initial state typed
// by the stores the operations declare, and a setting the mock does not have refused. (That they
// compile with no Prism installed: test/packed/consumer.test.ts.)
import { describe, expectTypeOf, it } from 'vitest';
import type { createMock } from '../../../src/mock/index.js';
import type { startMock } from '../../../src/mock/server.js';
import type { MockSettings } from '../../../src/mock/settings.js';

declare const settings: (options: MockSettings) => void;

describe('MockSettings', () => {
  it('is what every door takes', () => {
    expectTypeOf<Parameters<typeof createMock>[0]>().toEqualTypeOf<MockSettings | undefined>();
    expectTypeOf<MockSettings>().toMatchTypeOf<Parameters<typeof startMock>[0]>();
  });

  it('takes each setting of its own type', () => {
    settings({ spec: 'openapi/openapi.bundled.json', dynamic: true, seed: 's', logLevel: 'warn', cors: false });
    settings({ spec: { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } });
    settings({ latency: 20, faults: 0.1, coverage: 'coverage/', strictTypes: true, maxErrors: 10 });
    settings({ latency: [10, 50] as const, coverage: true });
    // @ts-expect-error: a delay is a number of milliseconds or a [min, max] pair
    settings({ latency: '20ms' });
    // @ts-expect-error: coverage is on/off or a directory
    settings({ coverage: 1 });
    // @ts-expect-error: the mock has no such setting
    settings({ port: 4010 });
  });

  it("an initial state holds the operations' stores, each of its own shape", () => {
    settings({ initialState: { users: [{ email: 'admin@example.org', role: 'administrator' }] } });
    // @ts-expect-error: users are a list of records
    settings({ initialState: { users: { email: 'admin@example.org' } } });
    // @ts-expect-error: no operation declares this store
    settings({ initialState: { invoices: [] } });
  });
});

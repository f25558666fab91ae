// A request read as the service reads it, through createMock's fetch: FastAPI's body handling
// (json.loads's encodings and its NaN/Infinity, a null body, bytes that are not UTF-8) and
// pydantic's lax mode, with the strictTypes option beside it. The answers asserted are the
// reference service's (reference/, FastAPI 0.142.2 and pydantic 2.13), except the deliberate
// differences of docs/mock.md, asserted as such.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/mock/index.js';

const ID = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const SIGNALS = `http://mock/v2/projects/${ID}/runs/${ID}/signals/configuration`;
const LOGIN = 'http://mock/v2/login/social';
const LUNA3 = `http://mock/v2/scorers/${ID}/version/luna3`;
const TRACES = `http://mock/v2/projects/${ID}/traces`;
const KEYS = { 'Service-AO-API-Key': 'k', 'Service-API-Key': 'k', 'content-type': 'application/json' };

async function answer(options: { strictTypes?: boolean }, method: string, url: string, body: string | Uint8Array) {
  const mock = await createMock({ log: new PassThrough(), ...options });
  const response = await mock.fetch(url, { method, headers: KEYS, body: body as BodyInit });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const lax = (method: string, url: string, body: string | Uint8Array) => answer({}, method, url, body);

describe('the body as FastAPI reads it', () => {
  it('bytes that are not UTF-8: 400 "There was an error parsing the body", no 422', async () => {
    expect(await lax('POST', LOGIN, new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({
      status: 400,
      body: { detail: 'There was an error parsing the body' },
    });
  });

  it('UTF-16 and UTF-32, with or without a BOM, are read as json.loads reads them', async () => {
    const text = '{"id_token":"t","provider":"p"}';
    const utf16le = new Uint8Array(Buffer.from(`\ufeff${text}`, 'utf16le'));
    const utf16be = new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    const utf32le = new Uint8Array(text.length * 4);
    for (let i = 0; i < text.length; i++) utf32le[i * 4] = text.charCodeAt(i);
    for (const body of [utf16le, utf16be, utf32le]) expect((await lax('POST', LOGIN, body)).status).toBe(200);
    // An odd byte in UTF-16 is no text.
    expect((await lax('POST', LOGIN, new Uint8Array([0xff, 0xfe, 0x7b]))).status).toBe(400);
  });

  it('a JSON null where the body is optional is no body (200); where it is required, a missing body', async () => {
    expect((await lax('POST', LOGIN, 'null')).status).toBe(200);
    expect(await lax('PUT', SIGNALS, 'null')).toEqual({
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] },
    });
  });

  it('NaN and Infinity, which json.loads reads: a field that ignores them and an open object take them', async () => {
    expect((await lax('POST', LOGIN, '{"a": Infinity}')).status).toBe(200);
    const open = await lax('POST', LUNA3, '{"class_name_to_vocab_ix": {"a": -Infinity, "b": NaN}}');
    expect([open.status, (open.body.luna3_scorer as Record<string, unknown>).class_name_to_vocab_ix]).toEqual([
      200,
      { a: null, b: null },
    ]);
  });

  it('deliberate: a float the 200 echoes refuses them (finite_number), as JSON could only write it as null', async () => {
    expect(await lax('POST', LUNA3, '{"threshold": -Infinity}')).toEqual({
      status: 422,
      body: {
        detail: [
          { type: 'finite_number', loc: ['body', 'threshold'], msg: 'Input should be a finite number', input: null },
        ],
      },
    });
  });

  it('deliberate: where FastAPI fails (500) on an item it cannot render, the mock answers the 422 pydantic made', async () => {
    // FastAPI cannot write NaN in JSON, nor encode a lone surrogate in UTF-8: its 422 becomes a 500.
    const nan = await lax('POST', LOGIN, '{"id_token": NaN}');
    expect(nan.status).toBe(422);
    expect(nan.body.detail).toEqual([
      { type: 'string_type', loc: ['body', 'id_token'], msg: 'Input should be a valid string', input: null },
    ]);
    const surrogate = await lax('PUT', SIGNALS, '{"model": "\\ud800"}');
    expect(surrogate.status).toBe(422);
    expect((surrogate.body.detail as { type: string }[]).map((item) => item.type)).toContain('string_unicode');
  });
});

describe("pydantic's lax mode, and strictTypes", () => {
  const body = JSON.stringify({
    model: 'm',
    run_mode: 'SCHEDULED',
    schedule: { interval_hours: '12' },
    start_date: 86400,
    scheduled_runs_enabled: 'yes',
  });

  it('lax (the default): what pydantic coerces is accepted, and the reflection carries the value it made', async () => {
    const { status, body: reflected } = await lax('PUT', SIGNALS, body);
    expect(status).toBe(200);
    expect(reflected.data).toMatchObject({
      schedule: { type: 'INTERVAL', interval_hours: 12, timezone: 'UTC' },
      start_date: '1970-01-02',
      scheduled_runs_enabled: true,
    });
    const traces = await lax(
      'POST',
      TRACES,
      JSON.stringify({ traces: [{ created_at: 1700000000 }], log_stream_id: ID.replace(/-/g, '').toUpperCase() }),
    );
    expect(traces.status).toBe(200);
    expect(traces.body.log_stream_id).toBe(ID);
  });

  it('strictTypes: the contract’s JSON types alone, in pydantic’s strict words', async () => {
    const { status, body: refused } = await answer({ strictTypes: true }, 'PUT', SIGNALS, body);
    expect(status).toBe(422);
    expect(
      (refused.detail as { type: string; loc: unknown[] }[]).map((item) => [item.type, item.loc.slice(1)]),
    ).toEqual([
      ['int_type', ['LogStreamSignalsConfigurationPut', 'schedule', 'INTERVAL', 'interval_hours']],
      ['date_type', ['LogStreamSignalsConfigurationPut', 'start_date']],
      ['bool_type', ['LogStreamSignalsConfigurationPut', 'scheduled_runs_enabled']],
      ['extra_forbidden', ['ExperimentSignalsConfigurationPut', 'run_mode']],
      ['extra_forbidden', ['ExperimentSignalsConfigurationPut', 'schedule']],
      ['extra_forbidden', ['ExperimentSignalsConfigurationPut', 'start_date']],
      ['extra_forbidden', ['ExperimentSignalsConfigurationPut', 'scheduled_runs_enabled']],
    ]);
  });
});

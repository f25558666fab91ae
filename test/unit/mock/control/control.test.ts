// The mock's own paths (src/mock/control/control.ts), a step that answers before Prism, called
// in-process: each expectation is what a user of the mock reads (a status, a header, a body).
import { describe, expect, it, vi } from 'vitest';
import { Fallbacks } from '../../../../src/mock/common/fallbacks.js';
import { Journal, type ReceivedRequest } from '../../../../src/mock/control/journal.js';
import { type Logger } from '../../../../src/mock/prism/log.js';
import { createState, type State } from '../../../../src/mock/service/state.js';
import { createScenarioStore } from '../../../../src/mock/scenarios/store.js';
import { ScenarioError } from '../../../../src/mock/scenarios/check.js';
import { controlReply } from '../../../../src/mock/control/control.js';

describe("control: the mock's own paths", () => {
  const json = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    return {
      status,
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Length', Buffer.byteLength(text)],
      ],
      body: text,
    };
  };
  const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

  const sent = (session: string, path: string, status = 200): ReceivedRequest => ({
    session,
    operationId: 'op',
    method: 'POST',
    path,
    pathParams: {},
    query: {},
    valid: true,
    body: { path },
    bodyBytes: 10,
    status,
    unanswered: null,
    scenario: null,
    outsideContract: false,
  });
  const NO_BODY = new Uint8Array();
  const parts = { scenarios: createScenarioStore('test'), use: () => undefined };
  const journalOf = (...requests: ReceivedRequest[]) => {
    const journal = new Journal(100);
    for (const request of requests) journal.record(request);
    return journal;
  };

  it('GET /__mock/fallbacks: the counts', () => {
    const fallbacks = new Fallbacks(quiet);
    fallbacks.fire('example', 'x', { method: 'get', url: { path: '/v2/x' } });
    expect(
      controlReply(
        { kind: 'fallbacks' },
        { method: 'GET', headers: {}, body: NO_BODY },
        { ...parts, fallbacks, state: undefined, journal: journalOf() },
      ),
    ).toEqual(json(200, { total: 1, fallbacks: { example: 1 } }));
  });

  it('GET /__mock/requests: what the session named by X-Mock-Session (else the default one) sent, oldest first', () => {
    const journal = journalOf(sent('qa-1', '/v2/a'), sent('default', '/v2/b'), sent('qa-1', '/v2/c', 422));
    const mock = { ...parts, fallbacks: new Fallbacks(quiet), state: undefined, journal };
    expect(
      controlReply({ kind: 'requests' }, { method: 'GET', headers: { 'x-mock-session': 'qa-1' }, body: NO_BODY }, mock),
    ).toEqual(json(200, { session: 'qa-1', requests: [sent('qa-1', '/v2/a'), sent('qa-1', '/v2/c', 422)] }));
    expect(controlReply({ kind: 'requests' }, { method: 'GET', headers: {}, body: NO_BODY }, mock)).toEqual(
      json(200, { session: 'default', requests: [sent('default', '/v2/b')] }),
    );
    expect(
      controlReply(
        { kind: 'requests' },
        { method: 'GET', headers: { 'x-mock-session': 'nobody' }, body: NO_BODY },
        mock,
      ),
    ).toEqual(json(200, { session: 'nobody', requests: [] }));
  });

  it('POST /__mock/reset: resets the state and the journal of the session named by X-Mock-Session (else the default one), and says whether the mock keeps state', () => {
    const reset: string[] = [];
    const state = { reset: (session: string) => void reset.push(session) } as unknown as State;
    const fallbacks = new Fallbacks(quiet);
    const journal = journalOf(sent('qa-1', '/v2/a'), sent('default', '/v2/b'), sent('qa-2', '/v2/c'));
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: { 'x-mock-session': 'qa-1' }, body: NO_BODY },
        { ...parts, fallbacks, state, journal },
      ),
    ).toEqual(json(200, { reset: 'qa-1', stateful: true }));
    expect(journal.list()).toEqual([sent('default', '/v2/b'), sent('qa-2', '/v2/c')]);
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: {}, body: NO_BODY },
        { ...parts, fallbacks, state, journal },
      ),
    ).toEqual(json(200, { reset: 'default', stateful: true }));
    expect(reset).toEqual(['qa-1', 'default']);
    expect(journal.list()).toEqual([sent('qa-2', '/v2/c')]);
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'POST', headers: { 'x-mock-session': 'qa-2' }, body: NO_BODY },
        { ...parts, fallbacks, state: undefined, journal },
      ),
    ).toEqual(json(200, { reset: 'qa-2', stateful: false }));
    expect(journal.list()).toEqual([]);
  });

  it('/__mock/reset with another method: 405, nothing reset', () => {
    const state = createState({ seed: 's', maxRecords: 10 });
    const spy = vi.spyOn(state, 'reset');
    const journal = journalOf(sent('default', '/v2/a'));
    expect(
      controlReply(
        { kind: 'reset' },
        { method: 'GET', headers: {}, body: NO_BODY },
        { ...parts, fallbacks: new Fallbacks(quiet), state, journal },
      ),
    ).toEqual(json(405, { detail: '/__mock/reset takes POST' }));
    expect(spy).not.toHaveBeenCalled();
    expect(journal.list()).toHaveLength(1);
  });

  describe('/__mock/scenarios', () => {
    const mockWith = (use: (list: unknown) => void) => ({
      fallbacks: new Fallbacks(quiet),
      state: undefined,
      journal: journalOf(),
      scenarios: createScenarioStore('test'),
      use,
    });
    const reply = (method: string, body: unknown, use: (list: unknown) => void = () => undefined) =>
      controlReply(
        { kind: 'scenarios' },
        { method, headers: { 'x-mock-session': 'qa' }, body: new TextEncoder().encode(JSON.stringify(body)) },
        mockWith(use),
      );
    const notAList = { pointer: '', reason: 'the body must be {"scenarios": [...]}, a list of scenarios' };

    it("GET and DELETE list the session's scenarios as JSON; another method than GET, POST or DELETE: 405", () => {
      expect(reply('GET', null)).toEqual(json(200, { session: 'qa', scenarios: [] }));
      expect(reply('DELETE', null)).toEqual(json(200, { session: 'qa', scenarios: [] }));
      expect(reply('PATCH', null)).toEqual(json(405, { detail: '/__mock/scenarios takes GET, POST or DELETE' }));
    });

    it('POST of JSON that is not {"scenarios": [...]} (null, a string, a list): 400 as JSON, nothing used', () => {
      const use = vi.fn();
      for (const body of [null, 'scenarios', [[]], { scenarios: {} }])
        expect(reply('POST', body, use)).toEqual(
          json(400, { detail: `invalid scenario: (the list): ${notAList.reason}`, violations: [notAList] }),
        );
      expect(use).not.toHaveBeenCalled();
    });

    it("POST: use's ScenarioError is a 400 with its violations; any other error is thrown", () => {
      const violation = { pointer: '/0', reason: 'no' };
      expect(
        reply('POST', { scenarios: [1] }, () => {
          throw new ScenarioError([violation]);
        }),
      ).toEqual(json(400, { detail: 'invalid scenario: /0: no', violations: [violation] }));
      expect(() =>
        reply('POST', { scenarios: [] }, () => {
          throw new TypeError('a bug');
        }),
      ).toThrow(new TypeError('a bug'));
    });
  });
});

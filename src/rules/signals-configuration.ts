// Put Signals Configuration (PUT /v2/projects/{project_id}/runs/{run_id}/signals/configuration):
// "creates or replaces the Signals configuration for one log stream or one experiment run".
import { isObject, type JsonObject } from '../shared/json.js';
import { edited, has, projectRecords, same, show } from './support.js';
import type { OperationRules, Problem } from './types.js';

/** The configurations: "project_id/run_id" → configuration. */
export const signalsConfigurations = projectRecords('signalsConfigurations');

const dataOf = (body: unknown): JsonObject | undefined =>
  isObject(body) && isObject(body.data) ? body.data : undefined;

export const putSignalsConfiguration: OperationRules<typeof signalsConfigurations> = {
  operationId: 'putSignalsConfiguration',

  checks: [
    {
      name: 'signals_put_returns_saved_values',
      reason:
        "the PUT creates or replaces the configuration of the run its path names, and answers it (SignalsConfigurationResponse.data): the path's project_id and run_id, and every field sent",
      check(request, body) {
        const data = dataOf(body);
        if (!data) return [];
        const problems: Problem[] = [];
        for (const id of ['project_id', 'run_id']) {
          if (!same(data[id], request.path[id]))
            problems.push({
              key: `data.${id}`,
              message: `data.${id} is ${show(data[id])}, not the path's ${id} ${show(request.path[id])}`,
            });
        }
        const sent = isObject(request.body) ? request.body : {};
        for (const [field, value] of Object.entries(sent)) {
          // Objects sent may be completed with defaults: compare the fields that were sent.
          const fields: [string, unknown, unknown][] =
            isObject(value) && isObject(data[field])
              ? Object.entries(value).map(([key, inner]) => [
                  `${field}.${key}`,
                  inner,
                  (data[field] as JsonObject)[key],
                ])
              : [[field, value, data[field]]];
          for (const [name, expected, saved] of fields) {
            if (!same(saved, expected))
              problems.push({
                key: `data.${name}`,
                message: `data.${name} is ${show(saved)}, but the request saved ${show(expected)}`,
              });
          }
        }
        return problems;
      },
    },
    {
      name: 'signals_put_applies_defaults',
      reason:
        'the spec\'s defaults of a field a PUT leaves out are what is saved: scheduled_runs_enabled false, user_preferences.focus_on and dont_focus_on "", schedule.timezone "UTC", and the schedule\'s type from the field it carries',
      probes(samples) {
        return samples.flatMap((sample) => {
          const probe = edited(sample, 'defaults left out', (body) => {
            delete body.scheduled_runs_enabled;
            if (has(body, 'user_preferences')) body.user_preferences = {};
            if (isObject(body.schedule)) {
              delete body.schedule.type;
              delete body.schedule.timezone;
            }
          });
          return probe ? [probe] : [];
        });
      },
      check(request, body) {
        const data = dataOf(body);
        const sent = request.body;
        if (!data || !isObject(sent)) return [];
        const problems: Problem[] = [];
        const expect = (name: string, actual: unknown, expected: unknown) => {
          if (actual !== undefined && !same(actual, expected))
            problems.push({
              key: `data.${name}`,
              message: `data.${name} is ${show(actual)} though the request left it out; the default is ${show(expected)}`,
            });
        };
        if (!has(sent, 'scheduled_runs_enabled')) expect('scheduled_runs_enabled', data.scheduled_runs_enabled, false);
        if (isObject(sent.user_preferences) && isObject(data.user_preferences)) {
          for (const key of ['focus_on', 'dont_focus_on'])
            if (!has(sent.user_preferences, key)) expect(`user_preferences.${key}`, data.user_preferences[key], '');
        }
        if (isObject(sent.schedule) && isObject(data.schedule)) {
          if (!has(sent.schedule, 'timezone')) expect('schedule.timezone', data.schedule.timezone, 'UTC');
          if (!has(sent.schedule, 'type'))
            expect('schedule.type', data.schedule.type, has(sent.schedule, 'cron') ? 'CRON' : 'INTERVAL');
        }
        return problems;
      },
    },
  ],

  // The experiment shape (ExperimentSignalsConfigurationPut) has no run_mode, schedule, dates,
  // scheduled_runs_enabled or notification_severities; the echo fills the nullable ones with null
  // and the lists with [], and scheduled_runs_enabled with its default, false. run_mode has neither
  // a default nor null: an experiment run has no schedule at all, so its scans start on demand.
  answer({ body, target }) {
    if (isObject(body) && !Object.hasOwn(body, 'run_mode')) target.run_mode = 'ON_DEMAND';
  },

  // The first PUT for a project's run creates the configuration; a later one replaces it, keeping
  // `id` and `created_at` and moving `updated_at`.
  stores: [signalsConfigurations],
  remember(memory, { pathParams }, reflected) {
    const configurations = memory.records(signalsConfigurations);
    const key = `${pathParams.project_id}/${pathParams.run_id}`;
    const saved = configurations.get(key);
    if (!saved) memory.reserve();
    const at = memory.now();
    const data = {
      ...(reflected.data as JsonObject | undefined),
      id: saved?.id ?? memory.newId(),
      created_at: saved?.created_at ?? at,
      updated_at: at,
    };
    configurations.set(key, data);
    return { ...reflected, data };
  },
};

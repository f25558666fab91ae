// What every runtime consumer of the matrix does with the package it loaded, by require() or by
// import: one PUT through createApiClient (a recording fetch answers it, so no server is needed),
// one call without a credential, and the bundled spec. Prints the outcome as one JSON line.
'use strict';

const project = '6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34';
const run = '0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50';

module.exports = async function exercise(api, spec, entry) {
  const sent = [];
  const fetch = async (request) => {
    const credential = ['Service-AO-API-Key', 'Service-API-Key', 'Authorization'].filter((h) => request.headers.has(h));
    sent.push({ method: request.method, path: new URL(request.url).pathname, credential, body: await request.json() });
    return new Response(JSON.stringify({ data: { run_mode: 'SCHEDULED' } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = api.createApiClient({ baseUrl: 'http://127.0.0.1:9', auth: { apiKey: 'consumer-key' }, fetch });
  const saved = await client.PUT('/v2/projects/{project_id}/runs/{run_id}/signals/configuration', {
    params: { path: { project_id: project, run_id: run } },
    body: { model: 'gpt-4.1-mini', run_mode: 'SCHEDULED', schedule: { interval_hours: 12 } },
  });
  let missing = 'no error';
  try {
    await api.createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch }).POST('/v2/projects/{project_id}/traces', {
      params: { path: { project_id: project } },
      body: { traces: [{ type: 'trace' }] },
    });
  } catch (error) {
    missing =
      error instanceof api.MissingCredentialError ? `MissingCredentialError ${error.operationId}` : String(error);
  }
  const result = {
    entry: entry.slice(entry.indexOf('/dist/') + 1),
    sent,
    status: saved.response.status,
    runMode: saved.data && saved.data.data.run_mode,
    missing,
    specVersion: spec.info.version,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
};

// Derived from the security requirements of generated/openapi.json by scripts/build.js. Do not edit.

/** The security schemes of the API, as the client needs them. */
export const securitySchemes = {
  "APIKeyHeader": {
    "type": "apiKey",
    "in": "header",
    "name": "Service-AO-API-Key"
  },
  "ClassicAPIKeyHeader": {
    "type": "apiKey",
    "in": "header",
    "name": "Service-API-Key"
  },
  "OAuth2PasswordBearer": {
    "type": "oauth2"
  },
  "HTTPBasic": {
    "type": "http",
    "scheme": "basic"
  }
} as const;

export type SecuritySchemeName = keyof typeof securitySchemes;

/**
 * For each operation ("METHOD /path"), the schemes it accepts, in order of preference, and whether
 * it may also be sent with no credential.
 */
export const operationSecurity: Record<string, { operationId: string; schemes: readonly SecuritySchemeName[]; optional: boolean }> = {
  "PUT /v2/projects/{project_id}/runs/{run_id}/signals/configuration": {
    "operationId": "putSignalsConfiguration",
    "schemes": [
      "APIKeyHeader",
      "ClassicAPIKeyHeader",
      "OAuth2PasswordBearer",
      "HTTPBasic"
    ],
    "optional": false
  },
  "POST /v2/login/social": {
    "operationId": "loginSocial",
    "schemes": [
      "OAuth2PasswordBearer"
    ],
    "optional": true
  },
  "PATCH /v2/projects/{project_id}/annotation/templates/{template_id}": {
    "operationId": "updateAnnotationTemplate",
    "schemes": [
      "ClassicAPIKeyHeader",
      "APIKeyHeader",
      "OAuth2PasswordBearer",
      "HTTPBasic"
    ],
    "optional": false
  },
  "POST /v2/projects/{project_id}/traces": {
    "operationId": "logTraces",
    "schemes": [
      "APIKeyHeader",
      "ClassicAPIKeyHeader",
      "OAuth2PasswordBearer",
      "HTTPBasic"
    ],
    "optional": false
  },
  "POST /v2/scorers/{scorer_id}/version/luna3": {
    "operationId": "createLuna3ScorerVersion",
    "schemes": [
      "APIKeyHeader",
      "ClassicAPIKeyHeader",
      "OAuth2PasswordBearer",
      "HTTPBasic"
    ],
    "optional": false
  },
  "POST /v2/projects/{project_id}/feedback/ratings": {
    "operationId": "applyBulkFeedbackV2",
    "schemes": [
      "ClassicAPIKeyHeader",
      "APIKeyHeader",
      "OAuth2PasswordBearer",
      "HTTPBasic"
    ],
    "optional": false
  },
  "POST /v2/system_users": {
    "operationId": "createOrVerifyUser",
    "schemes": [],
    "optional": true
  }
};

/**
 * For each operation ("METHOD /path"), the statuses its spec documents a response for. An answer
 * with any other status is not one the client can type.
 */
export const operationResponses: Record<string, readonly number[]> = {
  "PUT /v2/projects/{project_id}/runs/{run_id}/signals/configuration": [
    200,
    422
  ],
  "POST /v2/login/social": [
    200,
    422
  ],
  "PATCH /v2/projects/{project_id}/annotation/templates/{template_id}": [
    200,
    422
  ],
  "POST /v2/projects/{project_id}/traces": [
    200,
    422
  ],
  "POST /v2/scorers/{scorer_id}/version/luna3": [
    200,
    422
  ],
  "POST /v2/projects/{project_id}/feedback/ratings": [
    200,
    422
  ],
  "POST /v2/system_users": [
    200,
    422
  ]
};

/** Exactly one of the types in T: each branch forbids the keys only the others have. */
type OneOf<T extends readonly unknown[]> = T extends readonly [infer Only]
  ? Only
  : T extends readonly [infer First, infer Second, ...infer Rest]
    ? OneOf<[Exclusive<First, Second>, ...Rest]>
    : never;
type Exclusive<A, B> = [A] extends [object]
  ? [B] extends [object]
    ? (A & ForbidKeys<Exclude<KeysOfUnion<B>, KeysOfUnion<A>>>) | (B & ForbidKeys<Exclude<KeysOfUnion<A>, KeysOfUnion<B>>>)
    : A | B
  : A | B;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ForbidKeys<K extends PropertyKey> = { [P in K]?: never };

export interface paths {
    "/v2/projects/{project_id}/runs/{run_id}/signals/configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Put Signals Configuration
         * @description Creates or replaces the Signals configuration for one log stream or one experiment run.
         */
        put: operations["putSignalsConfiguration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/login/social": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Login Social
         * @description Exchanges a token issued by an external identity provider for an access token.
         */
        post: operations["loginSocial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{project_id}/annotation/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update Annotation Template
         * @description Updates an annotation template of a project.
         */
        patch: operations["updateAnnotationTemplate"];
        trace?: never;
    };
    "/v2/projects/{project_id}/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log Traces
         * @description Ingests traces, each with spans, into a project.
         */
        post: operations["logTraces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/scorers/{scorer_id}/version/luna3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create Luna3 Scorer Version
         * @description Creates a customer-authored Luna3 version for an existing Luna metric (scorer).
         */
        post: operations["createLuna3ScorerVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/projects/{project_id}/feedback/ratings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply Bulk Feedback V2
         * @deprecated
         * @description Applies bulk feedback ratings (create or delete) to records chosen by a selector. This operation is deprecated.
         */
        post: operations["applyBulkFeedbackV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/system_users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create Or Verify User
         * @description Creates a new system user with an e-mail and a password. When no administrator exists (first
         *     user), the user is created as an administrator. Otherwise the user record already exists
         *     (created when an administrator invited the user), and the operation verifies the user's e-mail
         *     address. No credential is sent with the request.
         */
        post: operations["createOrVerifyUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * AnnotationConstraints
         * @description Constraints of an annotation template: one of seven variants, each carrying `annotation_type`.
         *     Only `like_dislike` (LikeDislikeConstraints) is a known `annotation_type`; the other variants are
         *     open objects whose fields are not shown, so they can overlap and the union is `anyOf`, not `oneOf`.
         *     The other variants exclude `like_dislike`, which belongs to LikeDislikeConstraints.
         */
        AnnotationConstraints: components["schemas"]["LikeDislikeConstraints"] | components["schemas"]["StarConstraints"] | components["schemas"]["ScoreConstraints"] | components["schemas"]["TagsConstraints"] | components["schemas"]["TextConstraints"] | components["schemas"]["ChoiceConstraints"] | components["schemas"]["TreeChoiceDBConstraints"];
        /**
         * AnnotationTemplate
         * @description An annotation template of a project.
         */
        AnnotationTemplate: {
            /** @description Name of the template. */
            name?: string;
            /** @description Whether an annotation with this template includes an explanation. */
            include_explanation?: boolean;
            constraints?: components["schemas"]["AnnotationConstraints"];
            /** @description Identifier of the template. */
            id?: string;
            /**
             * Format: date-time
             * @description When the template was created.
             */
            created_at?: string;
            /** @description Who created the template. */
            created_by?: string;
            /** @description Position of the template. */
            position?: number;
            /** @description Number of annotation ratings that use the template. */
            usage_count?: number;
            /** @description Criteria the annotators apply. */
            criteria?: string;
        };
        /**
         * AnnotationTemplateUpdate
         * @description Changes to an annotation template. The body accepts further fields whose names are not shown, so it stays open.
         */
        AnnotationTemplateUpdate: {
            /** @description Name of the template. */
            name?: string | null;
            /** @description Criteria the annotators apply. */
            criteria?: string | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * AuthMethod
         * @description How a user authenticates.
         * @enum {string}
         */
        AuthMethod: "email" | "google" | "github" | "okta" | "azure-ad" | "custom" | "saml" | "invite";
        /**
         * BulkFeedbackOperation
         * @description One operation of a bulk feedback request: a create or a delete. The delete operation's fields are
         *     not shown and it is open, so the branches are joined with `anyOf`; an item with
         *     `operation_type: create` must be a valid create operation.
         */
        BulkFeedbackOperation: components["schemas"]["BulkFeedbackRatingCreate"] | components["schemas"]["BulkFeedbackRatingDelete"];
        /**
         * BulkFeedbackRatingCreate
         * @description An operation that creates a feedback rating.
         */
        BulkFeedbackRatingCreate: {
            /**
             * @description Kind of operation; `create` for this one.
             * @constant
             */
            operation_type?: "create";
            /** @description The rating to create, or null. */
            rating?: OneOf<[
                components["schemas"]["FeedbackRating"],
                null
            ]>;
            /** @description Identifier of the feedback template. */
            feedback_template_id?: string | null;
            /** @description Explanation of the rating. */
            explanation?: string | null;
        };
        /**
         * BulkFeedbackRatingDelete
         * @description An operation that deletes feedback ratings. Its fields are not shown, so it is open; it excludes
         *     `operation_type: create`, which belongs to BulkFeedbackRatingCreate.
         */
        BulkFeedbackRatingDelete: {
            [key: string]: unknown;
        };
        /**
         * BulkFeedbackRatingResult
         * @description The outcome of one operation on one selected record.
         */
        BulkFeedbackRatingResult: {
            /**
             * @description Kind of operation; `create` is one value given.
             * @example create
             */
            operation?: string;
            /** @description Whether the operation succeeded. */
            success?: boolean;
            /** @description Message about the outcome. */
            message?: string;
            /**
             * @description Kind of selector; `indexes` is one value given.
             * @example indexes
             */
            selector?: string;
            /** @description Index of the record. */
            index?: number;
            /** @description The trace the operation applied to. */
            trace?: string;
        };
        /**
         * BulkFeedbackRatingsRequest
         * @description Feedback rating operations and the selector of the records they apply to.
         */
        BulkFeedbackRatingsRequest: {
            /** @description The operations to apply. */
            operations?: components["schemas"]["BulkFeedbackOperation"][] | null;
            /** @description The records the operations apply to, or null. */
            selector?: OneOf<[
                components["schemas"]["BulkFeedbackSelector"],
                null
            ]>;
        };
        /**
         * BulkFeedbackSelector
         * @description Chooses the records a bulk feedback request applies to: an IndexSelector or a TraceSelector. The
         *     trace selector's fields are not shown and it is open, so the branches are joined with `anyOf`; a
         *     selector with `selector_type: indexes` must be a valid IndexSelector.
         */
        BulkFeedbackSelector: components["schemas"]["IndexSelector"] | components["schemas"]["TraceSelector"];
        /**
         * ChainPollTemplate
         * @description A template for a chain-poll metric prompt, with all that is needed to send such a prompt.
         */
        ChainPollTemplate: {
            /** @description The prompt template. */
            template?: string;
            /** @description System prompt of the metric. */
            metric_system_prompt?: string;
            /** @description Description of the metric. */
            metric_description?: string;
            /**
             * @description Name of the field that carries the value.
             * @default rating
             */
            value_field_name?: string;
            /**
             * @description Name of the field that carries the explanation.
             * @default explanation
             */
            explanation_field_name?: string;
            /** @description Few-shot examples of the metric. */
            metric_few_shot_examples?: components["schemas"]["FewShotExample"][];
            /** @description Schema of the response. */
            response_schema?: {
                [key: string]: unknown;
            };
        };
        /**
         * ChoiceConstraints
         * @description Constraints of a choice annotation template.
         */
        ChoiceConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * CronSignalSchedule
         * @description A schedule that runs scans at the times given by a five-field cron expression.
         */
        CronSignalSchedule: {
            /**
             * @description Kind of schedule; discriminates CRON from INTERVAL schedules.
             * @default CRON
             * @constant
             */
            type?: "CRON";
            /** @description Five-field cron expression (minute, hour, day of month, month, day of week). */
            cron: string;
            /**
             * @description IANA time zone used to evaluate the expression.
             * @default UTC
             */
            timezone?: string;
        };
        /**
         * ExperimentSignalsConfigurationPut
         * @description Signals settings for one experiment run. It has no `run_mode`, which tells it from the log stream shape.
         */
        ExperimentSignalsConfigurationPut: {
            /** @description Model alias used for Signal generation. */
            model: string;
            user_preferences?: components["schemas"]["SignalsUserPreferences"];
        };
        /**
         * FeedbackRating
         * @description A feedback rating. `like_dislike` is the only `feedback_type` given; for it `value` is a boolean.
         *     The value types of other feedback types are not shown, so `value` is only constrained for `like_dislike`.
         */
        FeedbackRating: {
            /**
             * @description Kind of feedback; `like_dislike` is the only value given.
             * @example like_dislike
             */
            feedback_type?: string;
            /** @description The rating; a boolean (or null) for `like_dislike`. */
            value?: unknown;
        };
        /**
         * FewShotExample
         * @description A few-shot example of a chain-poll metric prompt.
         */
        FewShotExample: {
            /** @description The generation prompt and its response. */
            generation_prompt_and_response?: string;
            /** @description The evaluation of that response. */
            evaluating_response?: string;
        };
        /**
         * FinetunedScorer
         * @description A fine-tuned scorer.
         */
        FinetunedScorer: {
            /** @description Identifier of the scorer. */
            id?: string;
            /** @description Name of the scorer. */
            name?: string;
            /** @description Identifier of the LoRA task. */
            lora_task_id?: number;
            /** @description Prompt of the scorer. */
            prompt?: string;
            /**
             * Format: date-time
             * @description When the scorer was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the scorer was last updated.
             */
            updated_at?: string;
            /** @description Who created the scorer. */
            created_by?: string;
            /** @description Path of the LoRA weights. */
            lora_weights_path?: string;
            /**
             * @description Luna input type; `span` is the only value given.
             * @example span
             */
            luna_input_type?: string;
            /**
             * @description Luna output type; `float` is the only value given.
             * @example float
             */
            luna_output_type?: string;
            /** @description Map from class name to vocabulary index. */
            class_name_to_vocab_ix?: {
                [key: string]: unknown;
            };
            /**
             * @description Executor of the scorer; `action_completion_luna` is the only value given.
             * @example action_completion_luna
             */
            executor?: string;
        };
        /**
         * GeneratedScorer
         * @description A generated scorer.
         */
        GeneratedScorer: {
            /** @description Identifier of the scorer. */
            id?: string;
            /** @description Name of the scorer. */
            name?: string;
            chain_poll_template?: components["schemas"]["ChainPollTemplate"];
            /** @description Who created the scorer. */
            created_by?: string;
            /**
             * Format: date-time
             * @description When the scorer was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the scorer was last updated.
             */
            updated_at?: string;
            /** @description Node types the scorer scores; `chain` is one value given. */
            scoreable_node_types?: string[];
            scorer_configuration?: components["schemas"]["ScorerConfiguration"];
            /** @description Instructions of the scorer. */
            instructions?: string;
            /** @description User prompt of the scorer. */
            user_prompt?: string;
        };
        /**
         * HTTPValidationError
         * @description Body of a 422 response.
         */
        HTTPValidationError: {
            /** @description The validation errors. */
            detail?: components["schemas"]["ValidationError"][];
        };
        /**
         * IndexSelector
         * @description Chooses specific indexes to apply the operation to.
         */
        IndexSelector: {
            /**
             * @description Kind of selector; `indexes` for this one.
             * @constant
             */
            selector_type?: "indexes";
            /** @description The indexes to apply the operation to. */
            indexes?: number[] | null;
        };
        /**
         * IntervalSignalSchedule
         * @description A schedule that runs scans a fixed number of hours apart.
         */
        IntervalSignalSchedule: {
            /**
             * @description Kind of schedule; discriminates INTERVAL from CRON schedules.
             * @default INTERVAL
             * @constant
             */
            type?: "INTERVAL";
            /** @description Hours between scheduled scans. */
            interval_hours: number;
            /**
             * @description IANA time zone associated with the schedule.
             * @default UTC
             */
            timezone?: string;
        };
        /**
         * LikeDislikeConstraints
         * @description Constraints of a like/dislike annotation template.
         */
        LikeDislikeConstraints: {
            /**
             * @description Kind of annotation.
             * @constant
             */
            annotation_type: "like_dislike";
        } & {
            [key: string]: unknown;
        };
        /**
         * LogStreamSignalsConfigurationPut
         * @description The complete Signals settings for one log stream. Its required `run_mode` tells it from the experiment run shape.
         */
        LogStreamSignalsConfigurationPut: {
            /** @description Model alias used for Signal generation. */
            model: string;
            user_preferences?: components["schemas"]["SignalsUserPreferences"];
            run_mode: components["schemas"]["SignalScanMode"];
            /** @description Cadence for scheduled scans, or null. */
            schedule?: OneOf<[
                components["schemas"]["SignalSchedule"],
                null
            ]>;
            /**
             * Format: date
             * @description Date from which scheduled scans may run, or null.
             */
            start_date?: string | null;
            /**
             * Format: date
             * @description Date after which scheduled scans stop, or null.
             */
            end_date?: string | null;
            /**
             * @description Whether the saved schedule currently submits scans; false when omitted.
             * @default false
             */
            scheduled_runs_enabled?: boolean;
            /** @description Levels that send notifications when a Signal is created or updated. */
            notification_severities?: components["schemas"]["SignalSeverityLevel"][];
        };
        /**
         * LogTracesIngestRequest
         * @description A request to ingest traces, each with spans, into a project. The body has four further fields
         *     whose names are not shown, so it stays open to additional properties:
         *     a logging method (values in `LoggingMethod`); a reliable-logging flag (when false the response is
         *     sent immediately, before ingestion is verified, and no error is returned if ingestion fails; when
         *     true the call waits for successful ingestion or returns an error on ingestion failure); an external
         *     session id (for example an OTEL `session.id` from span attributes); and a flag for whether the
         *     records of the request are complete.
         */
        LogTracesIngestRequest: {
            /** @description The traces to ingest. */
            traces: components["schemas"]["Trace"][];
            /**
             * Format: uuid
             * @description Log stream associated with the traces.
             */
            log_stream_id?: string | null;
            /**
             * Format: uuid
             * @description Experiment associated with the traces.
             */
            experiment_id?: string | null;
            /**
             * Format: uuid
             * @description Metrics testing id associated with the traces.
             */
            metrics_testing_id?: string | null;
            /**
             * Format: uuid
             * @description Session associated with the traces.
             */
            session_id?: string | null;
            /** @description When true, the response includes the list of ingested trace IDs. */
            include_trace_ids?: boolean | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * LogTracesIngestResponse
         * @description What was ingested.
         */
        LogTracesIngestResponse: {
            /** @description Identifier of the project. */
            project_id?: string;
            /** @description Name of the project. */
            project_name?: string;
            /** @description Total records ingested. */
            records_count?: number;
            /** @description Total traces ingested. */
            traces_count?: number;
            /** @description Total spans ingested. */
            spans_count?: number;
            /** @description Log stream associated with the traces. */
            log_stream_id?: string;
            /** @description Experiment associated with the traces. */
            experiment_id?: string;
            /** @description Metrics testing id associated with the traces. */
            metrics_testing_id?: string;
            /** @description Session associated with the traces. */
            session_id?: string;
            /** @description IDs of the ingested traces; only included when `include_trace_ids` is true in the request. */
            trace_ids?: string[];
        };
        /**
         * LoggingMethod
         * @description How records were logged. The values are known; the name of the `LogTracesIngestRequest` field that
         *     carries them is not shown, so no request field references this schema yet.
         * @enum {string}
         */
        LoggingMethod: "playground" | "python_client" | "typescript_client" | "api_direct";
        /**
         * Luna3Scorer
         * @description A customer-authored Luna3 scorer.
         */
        Luna3Scorer: {
            /** @description Instruction of the Luna3 scorer. */
            instruction?: string;
            /** @description Path of the adapter. */
            adapter_path?: string;
            /** @description Map from class name to vocabulary index. */
            class_name_to_vocab_ix?: {
                [key: string]: unknown;
            };
            /** @description Identifier of the Luna3 scorer. */
            id?: string;
            /** @description Identifier of the organization. */
            organization_id?: string;
            /**
             * Format: date-time
             * @description When the Luna3 scorer was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the Luna3 scorer was last updated.
             */
            updated_at?: string;
            /** @description Threshold of the scorer. */
            threshold?: number;
            /** @description Who created the Luna3 scorer. */
            created_by?: string;
        };
        /**
         * Luna3ScorerVersionCreate
         * @description A customer-authored Luna3 version for an existing Luna metric.
         */
        Luna3ScorerVersionCreate: {
            /** @description Instruction of the Luna3 scorer. */
            instruction?: string | null;
            /** @description Path of the adapter. */
            adapter_path?: string | null;
            /** @description Map from class name to vocabulary index. */
            class_name_to_vocab_ix?: {
                [key: string]: unknown;
            } | null;
            /** @description Threshold of the scorer. */
            threshold?: number | null;
        };
        /**
         * Message
         * @description A message of a span's input or output.
         */
        Message: {
            /** @description Role of the message's author. */
            role?: string | null;
            /** @description Content of the message. */
            content?: string | null;
        };
        /**
         * RegisteredScorer
         * @description A registered scorer.
         */
        RegisteredScorer: {
            /** @description Identifier of the scorer. */
            id?: string;
            /** @description Name of the scorer. */
            name?: string;
            /** @description Type of the score. */
            score_type?: string;
            /**
             * Format: date-time
             * @description When the scorer was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the scorer was last updated.
             */
            updated_at?: string;
            /** @description Who created the scorer. */
            created_by?: string;
            /**
             * @description Data type of the scorer; `unknown` is the only value given.
             * @example unknown
             */
            data_type?: string;
            /** @description Node types the scorer scores; `chain` is one value given. */
            scoreable_node_types?: string[];
        };
        /**
         * ScoreConstraints
         * @description Constraints of a score annotation template.
         */
        ScoreConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * ScorerConfiguration
         * @description Configuration of a generated scorer.
         */
        ScorerConfiguration: {
            /**
             * @description Alias of the model that judges.
             * @default gpt-4.1-mini
             */
            model_alias?: string;
            /**
             * @description Number of judges.
             * @default 3
             */
            num_judges?: number;
            /** @default boolean */
            output_type?: components["schemas"]["ScorerOutputType"];
            /** @description Node types the scorer scores. */
            scoreable_node_types?: string[];
            /**
             * @description Whether chain of thought is enabled.
             * @default false
             */
            cot_enabled?: boolean;
            /**
             * @description Whether the scorer uses ground truth.
             * @default false
             */
            ground_truth?: boolean;
            /** @description Multimodal capabilities of the scorer; `vision` is the only value given. */
            multimodal_capabilities?: string[];
        };
        /**
         * ScorerOutputType
         * @description Output type of a scorer.
         * @enum {string}
         */
        ScorerOutputType: "boolean" | "categorical" | "count" | "discrete" | "freeform" | "percentage" | "multilabel" | "retrieved_chunk_list_boolean" | "boolean_multilabel" | "boolean_probability";
        /**
         * ScorerVersion
         * @description A version of a scorer. Luna3 creation makes a new version under an existing scorer.
         */
        ScorerVersion: {
            /** @description Identifier of the version. */
            id?: string;
            /** @description Version number. */
            version?: number;
            /** @description Identifier of the scorer. */
            scorer_id?: string;
            /**
             * Format: date-time
             * @description When the version was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the version was last updated.
             */
            updated_at?: string;
            generated_scorer?: components["schemas"]["GeneratedScorer"];
            registered_scorer?: components["schemas"]["RegisteredScorer"];
            finetuned_scorer?: components["schemas"]["FinetunedScorer"];
            luna3_scorer?: components["schemas"]["Luna3Scorer"];
            /** @description Name of the model. */
            model_name?: string;
            /** @description Number of judges. */
            num_judges?: number;
            /** @description Whether chain of thought is enabled. */
            cot_enabled?: boolean;
            chain_poll_template?: components["schemas"]["ChainPollTemplate"];
            /** @description Node types the scorer scores; `chain` is one value given. */
            scoreable_node_types?: string[];
            output_type?: components["schemas"]["ScorerOutputType"];
            /** @description Whether the model is allowed. */
            allowed_model?: boolean;
            /** @description Who created the version. */
            created_by?: string;
        };
        /**
         * SignalScanMode
         * @description How a Signal scan starts. A PUT of the configuration sets the value; the saved value is returned.
         * @enum {string}
         */
        SignalScanMode: "ON_DEMAND" | "SCHEDULED";
        /**
         * SignalSchedule
         * @description Cadence for scheduled scans, discriminated by `type` (`CRON` or `INTERVAL`). `type` is optional and
         *     defaults to the branch's own value, so the branches are told apart by their `const` type, their
         *     required field (`cron` or `interval_hours`) and their closed shape, not by a `discriminator` keyword.
         */
        SignalSchedule: OneOf<[
            components["schemas"]["CronSignalSchedule"],
            components["schemas"]["IntervalSignalSchedule"]
        ]>;
        /**
         * SignalSeverityLevel
         * @description Severity of a Signal, shown to users and used to select notifications.
         * @enum {string}
         */
        SignalSeverityLevel: "LOW" | "MEDIUM" | "HIGH";
        /**
         * SignalsConfiguration
         * @description The saved Signals configuration of one log stream or one experiment run. It controls automatic
         *     generation of Signals (issue findings), including scan scheduling and notifications. Every field
         *     is always present and no other field is.
         */
        SignalsConfiguration: {
            /**
             * Format: uuid
             * @description Identifier of the configuration.
             */
            id: string;
            /**
             * Format: uuid
             * @description Identifier of the project.
             */
            project_id: string;
            /**
             * Format: uuid
             * @description The log stream or experiment run the configuration belongs to.
             */
            run_id: string;
            run_mode: components["schemas"]["SignalScanMode"];
            /** @description Cadence for scheduled scans, or null. */
            schedule: OneOf<[
                components["schemas"]["SignalSchedule"],
                null
            ]>;
            /**
             * Format: date
             * @description Date from which scheduled scans may run, or null.
             */
            start_date: string | null;
            /**
             * Format: date
             * @description Date after which scheduled scans stop, or null.
             */
            end_date: string | null;
            /** @description Whether the saved schedule currently submits scans. */
            scheduled_runs_enabled: boolean;
            /** @description Model alias used for Signal generation. */
            model: string;
            user_preferences: components["schemas"]["SignalsUserPreferences"];
            /** @description Levels that send notifications when a Signal is created or updated. */
            notification_severities: components["schemas"]["SignalSeverityLevel"][];
            /**
             * Format: date-time
             * @description When the configuration was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the configuration was last updated.
             */
            updated_at: string;
        };
        /**
         * SignalsConfigurationPut
         * @description Request body of the Signals configuration PUT: exactly one of two closed shapes. A body with
         *     `run_mode` is the log stream shape; a body without it is the experiment run shape.
         */
        SignalsConfigurationPut: OneOf<[
            components["schemas"]["LogStreamSignalsConfigurationPut"],
            components["schemas"]["ExperimentSignalsConfigurationPut"]
        ]>;
        /**
         * SignalsConfigurationResponse
         * @description Response of the Signals configuration PUT; `data` is always present and no other field is.
         */
        SignalsConfigurationResponse: {
            data: components["schemas"]["SignalsConfiguration"];
        };
        /**
         * SignalsUserPreferences
         * @description What a Signals scan should and should not focus on.
         */
        SignalsUserPreferences: {
            /**
             * @description Problems the scan prioritizes.
             * @default
             */
            focus_on?: string;
            /**
             * @description Expected behavior the scan ignores.
             * @default
             */
            dont_focus_on?: string;
        };
        /**
         * SocialLoginRequest
         * @description A token issued by an external identity provider, to exchange for an access token.
         */
        SocialLoginRequest: {
            /** @description The token issued by an external identity provider. */
            id_token?: string | null;
            /** @description The name of the identity provider. */
            provider?: string | null;
        };
        /**
         * SocialLoginResponse
         * @description An access token to send as `Authorization: Bearer <access_token>`.
         */
        SocialLoginResponse: {
            /** @description The access token. */
            access_token?: string;
            /**
             * @description How the token is sent: `bearer`, the only value given.
             * @constant
             */
            token_type?: "bearer";
        };
        /**
         * Span
         * @description A span of a trace. Only the shape of an `llm` span is given: its `input` is a list of messages
         *     and its `output` one message. For a span of any other type (their names are not shown)
         *     `input` and `output` may be any JSON value. The object is open, so a span may carry fields whose
         *     names are not shown (child spans, for example).
         */
        Span: {
            /**
             * @description Kind of span; `llm` is the only span type given.
             * @example llm
             */
            type?: string;
            /**
             * Format: date-time
             * @description When the span was created.
             */
            created_at?: string | null;
            /** @description Name of the span. */
            name?: string | null;
            /** @description Input of the span; for an `llm` span, the messages sent to the model (or null). */
            input?: unknown;
            /** @description Output of the span; for an `llm` span, the message the model answered (or null). */
            output?: unknown;
            /** @description Metrics of the span. */
            metrics?: {
                [key: string]: unknown;
            } | null;
            /** @description Dataset metadata of the span. */
            dataset_metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description User metadata of the span. */
            user_metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description Tags of the span. */
            tags?: unknown[] | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * StarConstraints
         * @description Constraints of a star-rating annotation template.
         */
        StarConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * SystemUser
         * @description A system user.
         */
        SystemUser: {
            /** @description Identifier of the user. */
            id?: string;
            /**
             * Format: date-time
             * @description When the user was created.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description When the user was last updated.
             */
            updated_at?: string;
            /** @description E-mail address of the user. */
            email?: string;
            status?: components["schemas"]["SystemUserStatus"];
            role?: components["schemas"]["SystemUserRole"];
            /** @description How the user authenticates. */
            auth_method?: string;
            /** @description First name of the user. */
            first_name?: string;
            /** @description Last name of the user. */
            last_name?: string;
            /** @description Whether the user's e-mail address is verified. */
            email_is_verified?: boolean;
        };
        /**
         * SystemUserCreate
         * @description A system user to create, or the invited user to verify. When no administrator exists (first user),
         *     the user is created as an administrator; otherwise the user record already exists (created when an
         *     administrator invited the user) and the operation verifies the user's e-mail address. The body also
         *     accepts a role (values in `UserRole`) under a field whose name is not shown, so it stays open.
         */
        SystemUserCreate: {
            /** @description E-mail address of the user. */
            email?: string | null;
            /** @description First name of the user. */
            first_name?: string | null;
            /** @description Last name of the user. */
            last_name?: string | null;
            /** @description How the user authenticates, or null. */
            auth_method?: OneOf<[
                components["schemas"]["AuthMethod"],
                null
            ]>;
            /**
             * Format: password
             * @description Password of the user.
             */
            password?: string | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * SystemUserRole
         * @description Role of a system user.
         * @enum {string}
         */
        SystemUserRole: "system_admin" | "system_user";
        /**
         * SystemUserStatus
         * @description State of a system user record.
         * @enum {string}
         */
        SystemUserStatus: "requested" | "invited" | "enabled" | "disabled";
        /**
         * TagsConstraints
         * @description Constraints of a tags annotation template.
         */
        TagsConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * TextConstraints
         * @description Constraints of a free-text annotation template.
         */
        TextConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Trace
         * @description A trace to ingest, with its spans. The object is open to fields whose names are not shown.
         */
        Trace: {
            /**
             * @description Kind of record; always `trace` for a trace.
             * @constant
             */
            type?: "trace";
            /**
             * Format: date-time
             * @description When the trace was created.
             */
            created_at?: string | null;
            /** @description Name of the trace. */
            name?: string | null;
            /** @description Input of the trace. */
            input?: string | null;
            /** @description Output of the trace. */
            output?: string | null;
            /** @description Metrics of the trace. */
            metrics?: {
                [key: string]: unknown;
            } | null;
            /** @description Dataset metadata of the trace. */
            dataset_metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description User metadata of the trace. */
            user_metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description Tags of the trace. */
            tags?: unknown[] | null;
            /** @description Spans of the trace. */
            spans?: components["schemas"]["Span"][] | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * TraceSelector
         * @description Chooses traces to apply the operation to. Its fields are not shown, so it is open; it excludes
         *     `selector_type: indexes`, which belongs to IndexSelector.
         */
        TraceSelector: {
            [key: string]: unknown;
        };
        /**
         * TreeChoiceDBConstraints
         * @description Constraints of a tree-choice annotation template.
         */
        TreeChoiceDBConstraints: {
            /** @description Kind of annotation; its value for this variant is not shown, but it is not `like_dislike`. */
            annotation_type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * UserRole
         * @description A role accepted in the Create Or Verify User body. The values are known; the name of the body field
         *     that carries them is not shown, so no request field references this schema yet.
         * @enum {string}
         */
        UserRole: "admin" | "manager" | "user" | "read_only";
        /**
         * ValidationError
         * @description One validation error, in FastAPI's shape.
         */
        ValidationError: {
            /** @description Where the error is; starts with `body`, `path`, `query` or `header`, then the field path. */
            loc: (string | number)[];
            /** @description Human-readable message. */
            msg: string;
            /** @description Error type. */
            type: string;
            /** @description The input that failed validation. */
            input?: unknown;
            /** @description Context of the error, such as the violated bound. */
            ctx?: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description The request failed validation (for example a violated bound, a missing required field, or an unknown field where additional properties are disallowed). */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["HTTPValidationError"];
            };
        };
    };
    parameters: {
        /**
         * @description Identifier of the project.
         * @example 6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34
         */
        ProjectId: string;
        /**
         * @description Identifier of the log stream or experiment run.
         * @example 0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50
         */
        RunId: string;
        /**
         * @description Identifier of the annotation template.
         * @example 9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62
         */
        TemplateId: string;
        /**
         * @description Identifier of the existing Luna metric (scorer) that receives the new version.
         * @example 3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93
         */
        ScorerId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type AnnotationConstraints = components['schemas']['AnnotationConstraints'];
export type AnnotationTemplate = components['schemas']['AnnotationTemplate'];
export type AnnotationTemplateUpdate = components['schemas']['AnnotationTemplateUpdate'];
export type AuthMethod = components['schemas']['AuthMethod'];
export type BulkFeedbackOperation = components['schemas']['BulkFeedbackOperation'];
export type BulkFeedbackRatingCreate = components['schemas']['BulkFeedbackRatingCreate'];
export type BulkFeedbackRatingDelete = components['schemas']['BulkFeedbackRatingDelete'];
export type BulkFeedbackRatingResult = components['schemas']['BulkFeedbackRatingResult'];
export type BulkFeedbackRatingsRequest = components['schemas']['BulkFeedbackRatingsRequest'];
export type BulkFeedbackSelector = components['schemas']['BulkFeedbackSelector'];
export type ChainPollTemplate = components['schemas']['ChainPollTemplate'];
export type ChoiceConstraints = components['schemas']['ChoiceConstraints'];
export type CronSignalSchedule = components['schemas']['CronSignalSchedule'];
export type ExperimentSignalsConfigurationPut = components['schemas']['ExperimentSignalsConfigurationPut'];
export type FeedbackRating = components['schemas']['FeedbackRating'];
export type FewShotExample = components['schemas']['FewShotExample'];
export type FinetunedScorer = components['schemas']['FinetunedScorer'];
export type GeneratedScorer = components['schemas']['GeneratedScorer'];
export type HTTPValidationError = components['schemas']['HTTPValidationError'];
export type IndexSelector = components['schemas']['IndexSelector'];
export type IntervalSignalSchedule = components['schemas']['IntervalSignalSchedule'];
export type LikeDislikeConstraints = components['schemas']['LikeDislikeConstraints'];
export type LogStreamSignalsConfigurationPut = components['schemas']['LogStreamSignalsConfigurationPut'];
export type LogTracesIngestRequest = components['schemas']['LogTracesIngestRequest'];
export type LogTracesIngestResponse = components['schemas']['LogTracesIngestResponse'];
export type LoggingMethod = components['schemas']['LoggingMethod'];
export type Luna3Scorer = components['schemas']['Luna3Scorer'];
export type Luna3ScorerVersionCreate = components['schemas']['Luna3ScorerVersionCreate'];
export type Message = components['schemas']['Message'];
export type RegisteredScorer = components['schemas']['RegisteredScorer'];
export type ScoreConstraints = components['schemas']['ScoreConstraints'];
export type ScorerConfiguration = components['schemas']['ScorerConfiguration'];
export type ScorerOutputType = components['schemas']['ScorerOutputType'];
export type ScorerVersion = components['schemas']['ScorerVersion'];
export type SignalScanMode = components['schemas']['SignalScanMode'];
export type SignalSchedule = components['schemas']['SignalSchedule'];
export type SignalSeverityLevel = components['schemas']['SignalSeverityLevel'];
export type SignalsConfiguration = components['schemas']['SignalsConfiguration'];
export type SignalsConfigurationPut = components['schemas']['SignalsConfigurationPut'];
export type SignalsConfigurationResponse = components['schemas']['SignalsConfigurationResponse'];
export type SignalsUserPreferences = components['schemas']['SignalsUserPreferences'];
export type SocialLoginRequest = components['schemas']['SocialLoginRequest'];
export type SocialLoginResponse = components['schemas']['SocialLoginResponse'];
export type Span = components['schemas']['Span'];
export type StarConstraints = components['schemas']['StarConstraints'];
export type SystemUser = components['schemas']['SystemUser'];
export type SystemUserCreate = components['schemas']['SystemUserCreate'];
export type SystemUserRole = components['schemas']['SystemUserRole'];
export type SystemUserStatus = components['schemas']['SystemUserStatus'];
export type TagsConstraints = components['schemas']['TagsConstraints'];
export type TextConstraints = components['schemas']['TextConstraints'];
export type Trace = components['schemas']['Trace'];
export type TraceSelector = components['schemas']['TraceSelector'];
export type TreeChoiceDBConstraints = components['schemas']['TreeChoiceDBConstraints'];
export type UserRole = components['schemas']['UserRole'];
export type ValidationError = components['schemas']['ValidationError'];
export type ResponseValidationError = components['responses']['ValidationError'];
export type ParameterProjectId = components['parameters']['ProjectId'];
export type ParameterRunId = components['parameters']['RunId'];
export type ParameterTemplateId = components['parameters']['TemplateId'];
export type ParameterScorerId = components['parameters']['ScorerId'];
export type $defs = Record<string, never>;
export interface operations {
    putSignalsConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the project.
                 * @example 6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34
                 */
                project_id: components["parameters"]["ProjectId"];
                /**
                 * @description Identifier of the log stream or experiment run.
                 * @example 0b8e5d2c-71a4-4f3e-8d6b-2c9a1f4e7b50
                 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignalsConfigurationPut"];
            };
        };
        responses: {
            /** @description The saved Signals configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignalsConfigurationResponse"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    loginSocial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SocialLoginRequest"];
            };
        };
        responses: {
            /** @description An access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialLoginResponse"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    updateAnnotationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the project.
                 * @example 6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34
                 */
                project_id: components["parameters"]["ProjectId"];
                /**
                 * @description Identifier of the annotation template.
                 * @example 9a3f6c1d-2e8b-4b7a-a5d4-7c1e0f3b9d62
                 */
                template_id: components["parameters"]["TemplateId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AnnotationTemplateUpdate"];
            };
        };
        responses: {
            /** @description The updated annotation template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnotationTemplate"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    logTraces: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the project.
                 * @example 6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34
                 */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["LogTracesIngestRequest"];
            };
        };
        responses: {
            /** @description What was ingested. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogTracesIngestResponse"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    createLuna3ScorerVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the existing Luna metric (scorer) that receives the new version.
                 * @example 3d7b9e2f-5a1c-4c8d-b6e0-8f2a4d1c7e93
                 */
                scorer_id: components["parameters"]["ScorerId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Luna3ScorerVersionCreate"];
            };
        };
        responses: {
            /** @description The new scorer version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScorerVersion"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    applyBulkFeedbackV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the project.
                 * @example 6f1c2a4e-3b7d-4e8a-9c21-5d0f8b7a1e34
                 */
                project_id: components["parameters"]["ProjectId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BulkFeedbackRatingsRequest"];
            };
        };
        responses: {
            /** @description One result item per operation outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkFeedbackRatingResult"][];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
    createOrVerifyUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SystemUserCreate"];
            };
        };
        responses: {
            /** @description The system user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SystemUser"];
                };
            };
            422: components["responses"]["ValidationError"];
        };
    };
}

// The source verdict: does TypeScript that compiled against the base revision's types still compile
// against the revision's? Asked of the compiler itself, not of a list of guesses. The types of both
// revisions are generated as the package generates them (openapi-typescript, scripts/build.js), and
// a consumer corpus is generated from the base revision's spec, written as the docs teach: every
// named type imported, `paths`/`components`/`operations` indexed, every operation called with the
// body and parameters it took, every 200 body and field read into a variable of its old type, its
// errors handled as the old error type, typed fixtures of every named response object, an exhaustive
// `switch` with a `never` check over every response enum and a `Record<Enum, string>` table over
// every request enum. Each line of the corpus knows which consumer it stands for. The corpus is
// compiled twice in one TypeScript program, in this process: against the base types (a line that
// fails there says nothing about the change and is dropped) and against the revision's; every line
// that compiled and no longer does is a finding: which consumers break, the compiler's error, and
// the fix they need.
//
// Why a corpus rather than a comparison of the two type surfaces: what breaks is decided by how a
// type is used (a narrowed enum breaks a `switch`, not a read; a widened one breaks a `Record`
// table, not a call), and the compiler is the only complete judge of assignability; a corpus lets
// it judge each use, and says in TypeScript's own words what a consumer will see.
import { createHash } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT, InputError, messageOf } from './input.js';
import { usesAt } from './index-operations.js';

/** @typedef {import('./spec.js').Spec} Spec */
/** @typedef {import('./spec.js').Parsed} Parsed */
/** @typedef {import('./spec.js').Place} Place */
/** @typedef {import('./index-operations.js').OperationIndex} OperationIndex */

/**
 * The kinds of consumer code the corpus stands for; each can be exempted by name (see exemptions()).
 * @type {Record<string, string>}
 */
export const CONSUMER_KINDS = {
  'named-type': 'a named type imported from `.` or `./schema`',
  'index-type': 'an index type into `paths`, `components` or `operations`',
  request: 'a call that sends a body and parameters',
  'response-read': 'a response body or field read into a variable of its type',
  'error-handling': "a call's `error` handled as the documented error type",
  'typed-fixture': 'a typed fixture of a response object (a test double)',
  'exhaustive-switch': 'an exhaustive `switch` with a `never` check over a response enum',
  'record-table': 'a `Record<Enum, string>` table over a request enum',
};

/**
 * The kind of the finding given when the revision's types cannot be generated at all (openapi-typescript
 * rejects a schema that is valid OpenAPI): the package could not be built, so no consumer compiles.
 * It is not one of CONSUMER_KINDS: a package without types cannot be exempted into a release.
 */
export const UNBUILT_KIND = 'package-types';

/**
 * The component a finding is about (and the path inside it, for a field), to tell which changes reach it.
 * @typedef {{ section: string, name: string, path: string[] }} Anchor
 */

/**
 * One consumer that the change breaks.
 * @typedef {object} Finding
 * @property {string} kind one of CONSUMER_KINDS
 * @property {string} subject the schema or operation the code uses
 * @property {string} consumer which code breaks
 * @property {string} error the compiler's error (code and first line)
 * @property {string} fix what the consumer must change
 * @property {string | null} exempt the reason of the project's exemption of this kind, or null
 * @property {string | null} op the operation's key (`METHOD path`) when the code is about one operation
 * @property {Anchor} [anchor] the component or field it is about, when it is about one
 */

/**
 * A line of the corpus and who it stands for.
 * @typedef {{ kind: string, subject: string, consumer: string, fix: string, op?: string, anchor?: Anchor }} Meta
 */

const MEDIA = '`${string}/${string}`';
const TYPED_SECTIONS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'pathItems'];
/** @param {unknown} value */
const q = (value) => JSON.stringify(value);

/**
 * Follows a $ref chain to its target.
 * @param {Spec} spec
 * @param {Parsed} node
 * @param {string} file
 * @param {string[]} segments
 * @returns {Place | undefined}
 */
export function deref(spec, node, file, segments) {
  /** @type {Place} */
  let place = { node, file, segments };
  for (let hops = 0; place.node && typeof place.node === 'object' && typeof place.node.$ref === 'string'; hops++) {
    if (hops > 64) return undefined;
    const target = spec.resolveRef(place.node.$ref, place.file);
    if (!target) return undefined;
    place = target;
  }
  return place;
}

/**
 * The corpus of the base revision: its text, with `R` the types compiled against, and the meta of each line.
 * @param {Spec} spec
 * @param {OperationIndex} index
 * @param {string} baseTypes the base revision's generated types, for the names it exports
 */
function corpus(spec, index, baseTypes) {
  /** @type {string[]} */
  const lines = [
    "import type * as B from './base';",
    "import type * as R from './types';",
    "import type { FetchResponse, ParamsOption, RequestBodyOption } from 'openapi-fetch';",
  ];
  /** @type {(Meta | undefined)[]} */
  const meta = [undefined, undefined, undefined];
  let n = 0;
  /**
   * @param {Meta | undefined} m
   * @param {...string} text
   */
  const add = (m, ...text) => {
    for (const line of text) {
      lines.push(line);
      meta.push(m);
    }
  };

  // Named types of `.` and `./schema` (the same declarations).
  for (const [, name] of baseTypes.matchAll(/^export (?:type|interface) ([A-Za-z_$][\w$]*)/gm)) {
    add(
      {
        kind: 'named-type',
        subject: name ?? '',
        consumer: `\`import type { ${name} } from '@observability/api-contract'\` (or \`/schema\`)`,
        fix: `use the type's new name: the package no longer exports \`${name}\``,
      },
      `import type { ${name} as N${n++} } from './types';`,
    );
  }

  /** @type {(dirs: Set<string>) => boolean} */
  const readsIt = (dirs) => dirs.size === 0 || dirs.has('response');
  /** @type {(dirs: Set<string>) => boolean} */
  const sendsIt = (dirs) => dirs.size === 0 || dirs.has('request');

  /**
   * Switches and tables over an enum of strings.
   * @param {Parsed} schema
   * @param {string} type the type expression, without its side (`components['schemas']['X']`)
   * @param {string} label how consumers name it
   * @param {Set<string>} dirs
   * @param {Anchor} anchor
   */
  const enumUses = (schema, type, label, dirs, anchor) => {
    const values = Array.isArray(schema?.enum) ? schema.enum : undefined;
    if (!values || values.length === 0 || !values.every((/** @type {unknown} */ v) => typeof v === 'string')) return;
    if (readsIt(dirs)) {
      const id = n++;
      /** @param {string | null} value @returns {Meta} */
      const caseMeta = (value) => ({
        kind: 'exhaustive-switch',
        subject: label,
        anchor,
        consumer:
          value === null
            ? `an exhaustive \`switch\` over \`${label}\` whose \`default\` assigns the value to \`never\``
            : `an exhaustive \`switch\` over \`${label}\` with a \`case\` for \`${value}\``,
        fix:
          value === null
            ? `add a \`case\` for each new value of \`${label}\` (the API can now return it)`
            : `remove the \`case '${value}'\`: \`${label}\` no longer has that value`,
      });
      add(caseMeta(null), `function s${id}(v: Exclude<R.${type}, null | undefined>): string {`, '  switch (v) {');
      for (const value of values) add(caseMeta(value), `    case ${q(value)}:`, `      return ${q(value)};`);
      add(caseMeta(null), '    default: {', '      const unhandled: never = v;', '      return unhandled;', '    }');
      add(caseMeta(null), '  }', '}');
    }
    if (sendsIt(dirs)) {
      const id = n++;
      /** @param {string | null} value @returns {Meta} */
      const keyMeta = (value) => ({
        kind: 'record-table',
        subject: label,
        anchor,
        consumer:
          value === null
            ? `a \`Record<${label}, string>\` table (labels, options) with a key for each value`
            : `a \`Record<${label}, string>\` table with a key \`${value}\``,
        fix:
          value === null
            ? `add a key for each new value of \`${label}\``
            : `remove the key \`${value}\`: \`${label}\` no longer has that value`,
      });
      add(keyMeta(null), `const t${id}: Record<Exclude<R.${type}, null | undefined>, string> = {`);
      for (const value of values) add(keyMeta(value), `  ${q(value)}: ${q(value)},`);
      add(keyMeta(null), '};');
    }
  };

  // Components: index types, enums, fixtures and reads of response objects, request objects by field.
  const components = spec.root?.components ?? {};
  for (const [section, entries] of Object.entries(components)) {
    // The sections openapi-typescript writes into `components` (not securitySchemes, examples, links).
    if (!TYPED_SECTIONS.includes(section) || !entries || typeof entries !== 'object') continue;
    for (const name of Object.keys(entries)) {
      const type = `components[${q(section)}][${q(name)}]`;
      const place = deref(spec, entries[name], spec.rootFile, ['components', section, name]);
      /** @param {string[]} path @returns {Anchor} */
      const at = (...path) => ({ section, name, path });
      add(
        {
          kind: 'index-type',
          subject: name,
          consumer: `the index type \`components['${section}']['${name}']\``,
          fix: `index the component by its new name`,
          anchor: at(),
        },
        `type C${n++} = R.${type};`,
      );
      if (section !== 'schemas' || !place || !place.node || typeof place.node !== 'object') continue;
      const schema = place.node;
      const dirs = new Set(usesAt(index, place.file, place.segments).map((found) => found.use.direction));
      enumUses(schema, type, name, dirs, at());
      const properties = schema.properties && typeof schema.properties === 'object' ? schema.properties : undefined;
      if (!properties || schema.oneOf || schema.anyOf) continue;
      for (const [field, property] of Object.entries(properties)) {
        if (property && typeof property === 'object' && !('$ref' in property))
          enumUses(property, `${type}[${q(field)}]`, `${name}['${field}']`, dirs, at('properties', field));
      }
      if (readsIt(dirs)) {
        const id = n++;
        add(
          {
            kind: 'typed-fixture',
            subject: name,
            anchor: at(),
            consumer: `a typed fixture \`const x: ${name} = { … }\` (a test double's answer)`,
            fix: `update the fixture to the new \`${name}\``,
          },
          `declare const f${id}: B.${type};`,
          `const fr${id}: R.${type} = f${id};`,
        );
        add(undefined, `declare const r${id}: R.${type};`);
        for (const field of Object.keys(properties)) {
          add(
            {
              kind: 'response-read',
              subject: name,
              anchor: at('properties', field),
              consumer: `code reading \`${name}.${field}\` into a variable of its type`,
              fix: `widen the variable to the new type of \`${name}.${field}\` and handle what it can now hold`,
            },
            `const r${id}_${n++}: B.${type}[${q(field)}] = r${id}[${q(field)}];`,
          );
        }
      }
      if (sendsIt(dirs) && dirs.size > 0) {
        const id = n++;
        add(undefined, `declare const q${id}: B.${type};`, `declare const qr${id}: R.${type};`);
        for (const field of Object.keys(properties)) {
          add(
            {
              kind: 'request',
              subject: name,
              anchor: at('properties', field),
              consumer: `a call that sets \`${name}.${field}\``,
              fix: `send \`${field}\` as the new \`${name}\` wants it`,
            },
            `const q${id}_${n++}: R.${type} = { ...qr${id}, ${q(field)}: q${id}[${q(field)}] };`,
          );
        }
      }
    }
  }

  // Operations: index types, the call, what it answers, its errors.
  for (const info of index.operations.values()) {
    const label = info.operationId ?? info.key;
    const method = info.method.toLowerCase();
    const op = `paths[${q(info.path)}][${q(method)}]`;
    const where = { op: info.key };
    add(
      {
        ...where,
        kind: 'index-type',
        subject: label,
        consumer: `the index type \`paths['${info.path}']['${method}']\``,
        fix: 'index the operation by its new path and method',
      },
      `type P${n++} = R.${op};`,
    );
    if (info.operationId)
      add(
        {
          ...where,
          kind: 'index-type',
          subject: label,
          consumer: `the index type \`operations['${info.operationId}']\``,
          fix: 'index the operation by its new operationId',
        },
        `type O${n++} = R.operations[${q(info.operationId)}];`,
      );
    const id = n++;
    add(
      {
        ...where,
        kind: 'request',
        subject: label,
        consumer: `a call of \`${label}\` with the parameters it sent`,
        fix: `send the parameters as \`${label}\` now types them`,
      },
      `declare const i${id}: ParamsOption<B.${op}>;`,
      `const ir${id}: ParamsOption<R.${op}> = i${id};`,
    );
    add(
      {
        ...where,
        kind: 'request',
        subject: label,
        consumer: `a call of \`${label}\` with the body it sent`,
        fix: `send the body as \`${label}\` now types it`,
      },
      `declare const j${id}: RequestBodyOption<B.${op}>;`,
      `const jr${id}: RequestBodyOption<R.${op}> = j${id};`,
    );
    add(undefined, `declare const a${id}: FetchResponse<R.${op}, {}, ${MEDIA}>;`);
    add(
      {
        ...where,
        kind: 'response-read',
        subject: label,
        consumer: `code reading the \`data\` of \`${label}\` into a variable of its type`,
        fix: `widen the variable to the new type of \`${label}\`'s \`data\` and handle what it can now hold`,
      },
      `if (a${id}.data !== undefined) {`,
      `  const d${id}: NonNullable<FetchResponse<B.${op}, {}, ${MEDIA}>['data']> = a${id}.data;`,
      '}',
    );
    add(
      {
        ...where,
        kind: 'error-handling',
        subject: label,
        consumer: `code handling the \`error\` of \`${label}\` as its documented error body`,
        fix: `narrow \`error\` (on \`response.status\`) before treating it as one type: \`${label}\` documents another error body`,
      },
      `if (a${id}.error !== undefined) {`,
      `  const e${id}: NonNullable<FetchResponse<B.${op}, {}, ${MEDIA}>['error']> = a${id}.error;`,
      '}',
    );
  }
  return { text: `${lines.join('\n')}\n`, meta };
}

/** Where the corpus and the types live, as the compiler sees them (never written to disk). */
const VIRTUAL = join(PACKAGE_ROOT, '.source-check');

/**
 * The compiler and the package's type generator (scripts/build.js: openapi-typescript), with the
 * compiler's options: loaded by the first source verdict, so that a run that stops at its arguments
 * or at bad input never loads them (about 1.5 CPU-s).
 * @typedef {{ ts: typeof import('typescript'), generateTypes: typeof import('../build.js').types, options: import('typescript').CompilerOptions }} Tools
 * @type {Promise<Tools> | undefined}
 */
let loading;
/** @returns {Promise<Tools>} */
function tools() {
  loading ??= Promise.all([import('typescript'), import('../build.js')]).then(([{ default: ts }, { types }]) => ({
    ts,
    generateTypes: types,
    options: {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es5.d.ts'],
      types: [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    },
  }));
  return loading;
}
/** Parsed library files (TypeScript's lib, openapi-fetch), shared by every program of this process. */
const sourceFiles = new Map();

/**
 * One TypeScript program of the virtual files `files` (absolute path → text).
 * @param {Tools} tools
 * @param {Map<string, string>} files
 */
function program({ ts, options }, files) {
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    const text = files.get(fileName);
    if (text !== undefined) return ts.createSourceFile(fileName, text, language, true);
    if (!sourceFiles.has(fileName)) sourceFiles.set(fileName, read(fileName, language, onError));
    return sourceFiles.get(fileName);
  };
  host.fileExists = (fileName) => files.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => files.get(fileName) ?? ts.sys.readFile(fileName);
  host.directoryExists = (dir) => dir === VIRTUAL || dir.startsWith(`${VIRTUAL}/`) || ts.sys.directoryExists(dir);
  host.writeFile = () => {};
  return ts.createProgram(
    [...files.keys()].filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
    options,
    host,
  );
}

/**
 * The lines of `file` that have an error, with the error.
 * @param {Tools} tools
 * @param {import('typescript').Program} built
 * @param {string} file
 * @returns {Map<number, string>}
 */
function failingLines({ ts }, built, file) {
  const source = built.getSourceFile(file);
  /** @type {Map<number, string>} */
  const failing = new Map();
  if (!source) return failing;
  for (const diagnostic of [...built.getSyntacticDiagnostics(source), ...built.getSemanticDiagnostics(source)]) {
    const line = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    // The chain's first line names the whole types; the lines below it say which part differs.
    const chain = ts
      .flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      .split('\n')
      .map((text) => text.trim())
      .filter(Boolean);
    const message = (chain.length > 1 ? chain.slice(1).slice(-3) : chain).join(' ');
    const short = message.length > 400 ? `${message.slice(0, 399)}…` : message;
    if (!failing.has(line)) failing.set(line, `TS${diagnostic.code}: ${short}`);
  }
  return failing;
}

/**
 * What this process has computed, by content: a comparison repeated (the same base, the same pair,
 * as in `npm run release-check` after `npm run diff`, or a test suite) is not computed again.
 */
const cache = {
  /** @type {Map<string, Promise<string>>} the types of a spec, by the content of its files */
  types: new Map(),
  /** @type {Map<string, Map<number, string>>} the lines of a base corpus that fail against its own types */
  failures: new Map(),
  /** @type {Map<string, Omit<Finding, 'exempt'>[]>} the findings of a pair of types, by corpus and types */
  findings: new Map(),
};
/** @param {...string} parts */
const digest = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** The types of a spec cannot be generated: `cause` is the generator's own first line. */
class TypesError extends InputError {
  /** @param {string} file @param {string} cause */
  constructor(file, cause) {
    super(`cannot generate the TypeScript types of ${file}: ${cause}`);
    this.generator = cause;
  }
}

/**
 * The one finding of a revision whose types cannot be generated.
 * @param {TypesError} error
 * @returns {Omit<Finding, 'exempt'>}
 */
function unbuilt(error) {
  return {
    kind: UNBUILT_KIND,
    subject: 'the package',
    consumer: 'every consumer: the types of the package cannot be generated from this revision, so it cannot be built',
    error: `openapi-typescript: ${error.generator}`,
    fix: "none on the consumer's side: change the schema the error points at into one openapi-typescript accepts",
    op: null,
  };
}

/**
 * The types of a spec, as the package generates them; a spec they cannot be generated from is bad
 * input (a TypesError), which sourceBreaks() turns into a finding when it is the revision.
 * @param {Tools} tools
 * @param {Spec} spec
 * @returns {Promise<string>}
 */
function typesOf({ generateTypes }, spec) {
  const home = dirname(spec.rootFile);
  const key = digest(
    ...[...spec.files].flatMap(([file, value]) => [relative(home, file), JSON.stringify(value) ?? '']),
  );
  let types = cache.types.get(key);
  if (!types) {
    types = generateTypes(pathToFileURL(spec.rootFile)).catch((error) => {
      cache.types.delete(key);
      throw new TypesError(spec.display(spec.rootFile), messageOf(error).split('\n')[0] ?? '');
    });
    cache.types.set(key, types);
  }
  return types;
}

/**
 * The source verdicts of several comparisons, in one TypeScript program: for each, the consumers of
 * its base revision that no longer compile against its revision.
 * @param {{ baseSpec: Spec, baseIndex: OperationIndex, revisionSpec: Spec }[]} comparisons
 * @returns {Promise<Omit<Finding, 'exempt'>[][]>}
 */
export async function sourceBreaks(comparisons) {
  /** @type {Map<string, string>} */
  const files = new Map();
  /** @type {Omit<Finding, 'exempt'>[][]} */
  const results = [];
  /** @type {Map<string, { dir: string, check: string | undefined }>} */
  const bases = new Map();
  /** @type {{ i: number, meta: (Meta | undefined)[], baseKey: string, pairKey: string, file: string, check: string | undefined }[]} */
  const jobs = [];
  const compiler = await tools();
  for (const [i, { baseSpec, baseIndex, revisionSpec }] of comparisons.entries()) {
    const [baseTypes, revisionTypes] = await Promise.all([
      typesOf(compiler, baseSpec),
      typesOf(compiler, revisionSpec).catch(
        /** @param {unknown} error */ (error) => (error instanceof TypesError ? error : Promise.reject(error)),
      ),
    ]);
    if (revisionTypes instanceof TypesError) {
      results[i] = [unbuilt(revisionTypes)];
      continue;
    }
    // The same types: no consumer can tell the two revisions apart.
    if (baseTypes === revisionTypes) {
      results[i] = [];
      continue;
    }
    const { text, meta } = corpus(baseSpec, baseIndex, baseTypes);
    const baseKey = digest(text, baseTypes);
    const pairKey = digest(baseKey, revisionTypes);
    const known = cache.findings.get(pairKey);
    if (known) {
      results[i] = known;
      continue;
    }
    let base = bases.get(baseKey);
    if (!base) {
      const dir = join(VIRTUAL, `b${bases.size}`);
      base = { dir, check: undefined };
      if (!cache.failures.has(baseKey)) {
        files.set(join(dir, 'base.d.ts'), baseTypes);
        files.set(join(dir, 'types.d.ts'), baseTypes);
        files.set(join(dir, 'corpus.ts'), text);
        base.check = join(dir, 'corpus.ts');
      }
      bases.set(baseKey, base);
    }
    const dir = join(base.dir, `r${i}`);
    files.set(join(dir, 'base.d.ts'), baseTypes);
    files.set(join(dir, 'types.d.ts'), revisionTypes);
    files.set(join(dir, 'corpus.ts'), text);
    jobs.push({ i, meta, baseKey, pairKey, file: join(dir, 'corpus.ts'), check: base.check });
  }
  if (jobs.length === 0) return results;
  const built = program(compiler, files);
  for (const { i, meta, baseKey, pairKey, file, check } of jobs) {
    if (!cache.failures.has(baseKey) && check) cache.failures.set(baseKey, failingLines(compiler, built, check));
    const before = cache.failures.get(baseKey) ?? new Map();
    /** @type {Map<string, Omit<Finding, 'exempt'>>} */
    const findings = new Map();
    for (const [line, error] of failingLines(compiler, built, file)) {
      const m = meta[line];
      if (!m || before.has(line)) continue;
      const key = `${m.kind}\0${m.subject}\0${m.consumer}`;
      if (findings.has(key)) continue;
      findings.set(key, {
        kind: m.kind,
        subject: m.subject,
        consumer: m.consumer,
        error,
        fix: m.fix,
        op: m.op ?? null,
        ...(m.anchor ? { anchor: m.anchor } : {}),
      });
    }
    // A component that is gone breaks its index type; the uses of it that break with it say nothing more.
    const gone = new Set(
      [...findings.values()].filter((f) => f.kind === 'index-type' && f.anchor).map((f) => f.anchor?.name),
    );
    results[i] = [...findings.values()].filter((f) => f.kind === 'index-type' || !f.anchor || !gone.has(f.anchor.name));
    cache.findings.set(pairKey, results[i]);
  }
  return results;
}

/** The file of the package's own config that may exempt consumer kinds, relative to the project. */
export const CONFIG_FILE = 'package.json';
/** Its key: `{ "apiDiff": { "exempt": { "<kind>": "<why this project accepts breaking it>" } } }`. */
export const CONFIG_KEY = 'apiDiff';

/**
 * The kinds of consumer code the project at `root` exempts from the source verdict, with its
 * reason for each (package.json `apiDiff.exempt`). An unknown kind or a missing reason is bad input.
 * @param {string} root
 * @param {(path: string) => string | undefined} read reads a file, undefined when missing
 * @returns {Map<string, string>}
 */
export function exemptions(root, read) {
  const text = read(join(root, CONFIG_FILE));
  if (text === undefined) return new Map();
  let config;
  try {
    config = JSON.parse(text)?.[CONFIG_KEY];
  } catch (error) {
    throw new InputError(`${CONFIG_FILE} of ${root} is not valid JSON: ${messageOf(error)}`);
  }
  if (config === undefined) return new Map();
  const exempt = config?.exempt;
  if (!exempt || typeof exempt !== 'object' || Array.isArray(exempt)) {
    throw new InputError(
      `${CONFIG_FILE} ${CONFIG_KEY}.exempt must be an object: { "<consumer kind>": "<the reason>" }`,
    );
  }
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const [kind, reason] of Object.entries(exempt)) {
    if (kind === UNBUILT_KIND)
      throw new InputError(
        `${CONFIG_FILE} ${CONFIG_KEY}.exempt: "${kind}" cannot be exempted: a revision whose types cannot be generated cannot be built`,
      );
    if (!(kind in CONSUMER_KINDS))
      throw new InputError(
        `${CONFIG_FILE} ${CONFIG_KEY}.exempt: unknown consumer kind "${kind}" (one of ${Object.keys(CONSUMER_KINDS).join(', ')})`,
      );
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new InputError(`${CONFIG_FILE} ${CONFIG_KEY}.exempt["${kind}"] needs the reason, as a non-empty string`);
    out.set(kind, reason.trim());
  }
  return out;
}

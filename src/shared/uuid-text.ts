// A UUID as the service reads it from text and writes it back. pydantic takes any of the uuid
// crate's forms (hyphenated, 32 hex digits, braced, `urn:uuid:`; any case) and FastAPI answers the
// UUID it parsed in its one written form: hyphenated, lower case. So the mock answers a path's
// identifier in that form, and the rules compare identifiers by the UUID they name.

/** The uuid crate's forms pydantic accepts, each read as its 32 hex digits. */
const UUID_FORMS = [
  /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i,
  /^\{([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}$/i,
  /^urn:uuid:([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i,
];

/** The hyphenated, lower-case form of a UUID in one of the crate's forms (what the service returns), or undefined. */
export function uuidValue(text: string): string | undefined {
  for (const form of UUID_FORMS) {
    const groups = form.exec(text);
    // A partly hyphenated form (`12345678-12341234…`) is none of the crate's.
    if (groups && (form !== UUID_FORMS[0] || text.length === 32 || text.length === 36))
      return groups.slice(1).join('-').toLowerCase();
  }
  return undefined;
}

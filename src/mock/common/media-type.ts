/** A media type without its parameters, lower-cased. */
export const essence = (mediaType: string): string => (mediaType.split(';')[0] as string).trim().toLowerCase();

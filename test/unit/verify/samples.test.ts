// The verifier's samples (src/verify/samples.ts): a valid request of a variant, every optional field
// filled, the same for the same name; nodes found by shape across operations.
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/verify/operations.js';
import { findNodes, firstNode, validSample } from '../../../src/verify/samples.js';
import { seedsOf } from '../../../src/verify/seed.js';
import { op } from '../../support/verify-transport.js';

describe('samples', () => {
  it('a valid request of a variant, every optional field filled, the same for the same name', () => {
    const template = op('updateAnnotationTemplate');
    const sample = validSample(template, 'verify', seedsOf(1));
    expect(Object.keys(sample.path)).toEqual(['project_id', 'template_id']);
    expect(Object.keys(sample.body as object).sort()).toEqual(['criteria', 'name']);
    expect(template.validateRequest(sample.body)).toBe(true);
    expect(validSample(template, 'verify', seedsOf(1))).toEqual(sample);
    expect(validSample(template, 'other', seedsOf(1))).not.toEqual(sample);
    expect(validSample(template, 'other', seedsOf(1)).body).not.toEqual(sample.body);
    expect(sample.path.project_id).not.toBe(sample.path.template_id);
    // every optional field of every operation's first variant is filled
    for (const o of operations) {
      const body = validSample(o, 'verify', seedsOf(1)).body as Record<string, unknown>;
      expect(Object.keys(body).sort(), o.id).toEqual(Object.keys(o.variants[0]!.properties).sort());
    }
    expect(validSample(template, 'verify', seedsOf(1), 3)).not.toEqual(sample);
    expect(() => validSample(template, 'verify', seedsOf(1), 99)).toThrow('updateAnnotationTemplate has no variant 99');
    expect(() =>
      validSample(
        { ...template, validateRequest: op('putSignalsConfiguration').validateRequest },
        'verify',
        seedsOf(1),
      ),
    ).toThrow('generator bug: the sample verify of updateAnnotationTemplate is invalid');
  });

  it('finds nodes by shape across operations, preferring operations whose body is required', () => {
    const integers = findNodes((node) => node.type === 'integer', [op('loginSocial'), op('applyBulkFeedbackV2')]);
    expect(integers.every((f) => f.op.id === 'applyBulkFeedbackV2')).toBe(true);
    expect(integers.length).toBeGreaterThan(0);
    expect(findNodes((node) => node.type === 'integer').some((f) => f.op.id === 'putSignalsConfiguration')).toBe(true);
    const strings = findNodes((node, path) => node.type === 'string' && path.length === 1, [op('loginSocial')]);
    expect(strings.map((f) => [f.variantIndex, f.path, f.trail])).toEqual([
      [0, ['id_token'], ['type string']],
      [0, ['provider'], ['type string']],
      [1, ['id_token'], ['type string']],
      [2, ['provider'], ['type string']],
    ]);
    expect(firstNode((node) => node.type === 'string' && node.keywords.minLength === 1).op.id).toBe(
      'putSignalsConfiguration',
    );
    // a later operation whose body is required comes first; without one, the first found
    const optionalFirst = [op('loginSocial'), op('logTraces'), op('putSignalsConfiguration')];
    expect(optionalFirst.map((o) => o.bodyRequired)).toEqual([false, false, true]);
    expect(firstNode((node) => node.type === 'string', optionalFirst).op.id).toBe('putSignalsConfiguration');
    expect(firstNode((node) => node.type === 'string', optionalFirst.slice(0, 2)).op.id).toBe('loginSocial');
    expect(() => firstNode(() => false)).toThrow('no field of the spec has the shape this hostile case needs');
  });
});

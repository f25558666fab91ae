// Update Annotation Template (PATCH /v2/projects/{project_id}/annotation/templates/{template_id}):
// answers the annotation template it updated.
import { isObject } from '../shared/json.js';
import { projectRecords, show } from './support.js';
import type { OperationRules, Problem } from './types.js';

/** The templates: "project_id/template_id" → template. */
export const annotationTemplates = projectRecords('annotationTemplates');

export const updateAnnotationTemplate: OperationRules<typeof annotationTemplates> = {
  operationId: 'updateAnnotationTemplate',

  checks: [
    {
      name: 'annotation_template_returns_update',
      reason: 'the PATCH answers the annotation template it updated, with the name and criteria sent',
      check(request, body) {
        if (!isObject(body) || !isObject(request.body)) return [];
        const problems: Problem[] = [];
        for (const field of ['name', 'criteria']) {
          const sent = request.body[field];
          if (typeof sent === 'string' && body[field] !== undefined && body[field] !== sent) {
            problems.push({
              key: field,
              message: `${field} is ${show(body[field])}, but the update sent ${show(sent)}`,
            });
          }
        }
        return problems;
      },
    },
  ],

  // A PATCH changes what it sends: the fields it leaves out keep the value the template had after
  // the previous one.
  stores: [annotationTemplates],
  remember(memory, { pathParams, body }, reflected) {
    const templates = memory.records(annotationTemplates);
    const key = `${pathParams.project_id}/${pathParams.template_id}`;
    const saved = templates.get(key);
    if (!saved) memory.reserve();
    const template = saved ? { ...reflected, ...saved } : { ...reflected };
    for (const name of Object.keys(body)) if (Object.hasOwn(reflected, name)) template[name] = reflected[name];
    templates.set(key, template);
    return template;
  },
};

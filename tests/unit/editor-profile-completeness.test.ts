import fc from 'fast-check';
import { levelsFor, specialtiesFor } from '../../domain/assignment';
import { editorProfileFromApplication } from '../../domain/editor-invitation';
import { EDITOR_COMPLEXITY_LEVELS, EDITOR_SPECIALTIES, missingEditorProfileFields } from '../../domain/editor-profile';
import { applicationAnswers } from '../support/application-answers';

/**
 * « Configuration requise » (the editor space) and the assignment agree: a profile lacks nothing
 * exactly when some project can go to its editor, and what it lacks is named field by field.
 */

/** Video types the assignment knows, and no complexity (any level) or each of the brief's. */
const VIDEO_TYPES = ['youtube', 'tiktok', 'instagram', 'corporate', 'branding', 'autre'];
const COMPLEXITIES = [undefined, 'professional', 'premium', 'expert', 'cinematic'];

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((value) => b.includes(value));

/** True when the assignment's query could pick this profile for some project. */
const canBeAssigned = (profile: { specialties: string[]; visualComplexityLevels: string[] }) =>
  VIDEO_TYPES.some((videoType) =>
    COMPLEXITIES.some(
      (complexity) =>
        overlaps(specialtiesFor(videoType), profile.specialties) &&
        overlaps(levelsFor(complexity), profile.visualComplexityLevels),
    ),
  );

describe('what an editor profile still needs', () => {
  test('no profile yet, or an invitation’s empty one: specialties and levels, in the form’s order', () => {
    expect(missingEditorProfileFields(null)).toEqual(['specialties', 'visualComplexityLevels']);
    expect(missingEditorProfileFields({ specialties: [], visualComplexityLevels: [] })).toEqual([
      'specialties',
      'visualComplexityLevels',
    ]);
  });

  test('each missing list is named on its own', () => {
    expect(missingEditorProfileFields({ specialties: [], visualComplexityLevels: ['simple'] })).toEqual([
      'specialties',
    ]);
    expect(missingEditorProfileFields({ specialties: ['youtube'], visualComplexityLevels: [] })).toEqual([
      'visualComplexityLevels',
    ]);
    expect(missingEditorProfileFields({ specialties: ['youtube'], visualComplexityLevels: ['simple'] })).toEqual([]);
  });

  test('complete exactly when the assignment could give the editor a project', () => {
    fc.assert(
      fc.property(
        fc.subarray([...EDITOR_SPECIALTIES]),
        fc.subarray([...EDITOR_COMPLEXITY_LEVELS]),
        (specialties, visualComplexityLevels) => {
          const profile = { specialties, visualComplexityLevels };
          expect(missingEditorProfileFields(profile).length === 0).toBe(canBeAssigned(profile));
        },
      ),
    );
  });

  test('a profile made from an application with a specialty domain needs nothing more', () => {
    const profile = editorProfileFromApplication(applicationAnswers({ specialtyDomains: ['youtube'] }));
    expect(missingEditorProfileFields(profile)).toEqual([]);
  });
});

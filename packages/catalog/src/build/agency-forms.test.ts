import { describe, expect, it } from 'vitest';
import { agencyForms } from './agency-forms.js';

describe('the shortened forms of official names', () => {
  it('prints a state by its code and a department as DEPT', () => {
    expect(agencyForms('Illinois Department of Revenue').sort()).toEqual([
      'IL DEPARTMENT OF REVENUE',
      'IL DEPT OF REVENUE',
      'ILLINOIS DEPT OF REVENUE',
    ]);
  });

  it('shortens a university without a state', () => {
    expect(agencyForms('University of Southern California')).toEqual(['UNIV OF SOUTHERN CALIFORNIA']);
  });

  it('prints a university named by one word with its initial as well (`GONZAGA U`)', () => {
    expect(agencyForms('Harborview University').sort()).toEqual(['HARBORVIEW U', 'HARBORVIEW UNIV']);
    expect(agencyForms('University of Harborview')).toEqual(['UNIV OF HARBORVIEW']);
  });

  it('leaves other names alone', () => {
    expect(agencyForms('Blue Bottle Coffee')).toEqual([]);
    // A state's name inside a longer word is no state.
    expect(agencyForms('Virginian Pilot')).toEqual([]);
  });
});

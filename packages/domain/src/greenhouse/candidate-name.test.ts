import { describe, expect, it } from 'vitest';
import { GreenhouseCandidate } from './greenhouse-wire.js';
import { greenhouseFullName } from './candidate-name.js';

const candidate = {
  first_name: 'Harry',
  last_name: 'Potter',
  email: 'h@hogwarts.edu',
  greenhouse_profile_url: 'https://app.greenhouse.io/people/1?application_id=2',
};

describe('a Greenhouse candidate’s full name (decision 803)', () => {
  it('joins first and last name, leaving out a blank one', () => {
    expect(greenhouseFullName({ first_name: 'Harry', last_name: 'Potter' })).toBe('Harry Potter');
    expect(greenhouseFullName({ first_name: 'Suharto', last_name: '' })).toBe('Suharto');
    expect(greenhouseFullName({ first_name: ' Suharto ', last_name: null })).toBe('Suharto');
    expect(greenhouseFullName({ first_name: '', last_name: 'Teller' })).toBe('Teller');
  });

  it('takes a candidate with one name, and refuses one with none', () => {
    expect(GreenhouseCandidate.safeParse({ ...candidate, last_name: '' }).success).toBe(true);
    expect(GreenhouseCandidate.safeParse({ ...candidate, last_name: null }).success).toBe(true);
    expect(GreenhouseCandidate.safeParse({ ...candidate, first_name: '', last_name: 'Teller' }).success).toBe(true);
    const none = GreenhouseCandidate.safeParse({ ...candidate, first_name: ' ', last_name: '' });
    expect(none.error?.issues[0]?.message).toBe('candidate.first_name and candidate.last_name must not both be empty');
  });
});

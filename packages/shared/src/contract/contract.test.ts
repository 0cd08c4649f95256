import { describe, expect, it } from 'vitest';
import { authEndpoints } from './auth';
import { dictionaryEndpoints } from './dictionaries';
import { contract } from './index';
import { learningEndpoints } from './learning';
import { mediaEndpoints } from './media';
import { paymentEndpoints } from './payments';
import { reminderEndpoints } from './reminders';
import { sessionEndpoints } from './session';
import { systemEndpoints } from './system';
import { testingEndpoints } from './testing';
import { translateEndpoints } from './translate';
import { userEndpoints } from './users';

const tables: Record<string, object> = {
  systemEndpoints,
  authEndpoints,
  sessionEndpoints,
  userEndpoints,
  dictionaryEndpoints,
  mediaEndpoints,
  translateEndpoints,
  testingEndpoints,
  learningEndpoints,
  paymentEndpoints,
  reminderEndpoints,
};

describe('the contract assembled from the feature tables', () => {
  it('has every endpoint of every table, each declared in one table only', () => {
    const declared = Object.values(tables).flatMap((table) => Object.keys(table));
    // A name in two tables would keep only the later entry in the spread.
    expect(declared.filter((name, index) => declared.indexOf(name) !== index)).toEqual([]);
    expect(declared.toSorted()).toEqual(Object.keys(contract).toSorted());
  });

  it('serves each entry as its feature table declares it', () => {
    for (const table of Object.values(tables)) {
      for (const [name, entry] of Object.entries(table)) {
        expect(contract[name as keyof typeof contract], name).toBe(entry);
      }
    }
  });
});

import type { Role } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { accessRedirect, homePathFor } from './access';
import { PLANS_ROLES, SUBSCRIPTION_ROLES, USER_EDIT_ROLES } from './paths';

const as = (role: Role) => ({ role });

describe('route access (DESIGN §4)', () => {
  it('opens public routes to everyone', () => {
    expect(accessRedirect({ access: 'public' }, null)).toBeNull();
    expect(accessRedirect({ access: 'public' }, as('notVerifiedUser'))).toBeNull();
  });

  it('sends visitors without a session from member routes to /auth', () => {
    expect(accessRedirect({ access: 'member' }, null)).toBe('/auth');
    expect(accessRedirect({ access: 'session' }, null)).toBe('/auth');
  });

  it('sends users who have not finished sign-up to their step', () => {
    expect(accessRedirect({ access: 'member' }, as('notVerifiedUser'))).toBe('/verify');
    expect(accessRedirect({ access: 'member' }, as('notAcceptedPolicyUser'))).toBe('/accept-policy');
    expect(accessRedirect({ access: 'acceptPolicy' }, as('notVerifiedUser'))).toBe('/verify');
    expect(accessRedirect({ access: 'verify' }, as('notAcceptedPolicyUser'))).toBe('/accept-policy');
  });

  it('opens the sign-up steps only to the users on them', () => {
    expect(accessRedirect({ access: 'verify' }, as('notVerifiedUser'))).toBeNull();
    expect(accessRedirect({ access: 'acceptPolicy' }, as('notAcceptedPolicyUser'))).toBeNull();
    expect(accessRedirect({ access: 'verify' }, as('user'))).toBe('/menu');
    expect(accessRedirect({ access: 'acceptPolicy' }, null)).toBe('/auth');
  });

  it('sends signed-in users away from /auth screens', () => {
    expect(accessRedirect({ access: 'signedOut' }, null)).toBeNull();
    expect(accessRedirect({ access: 'signedOut' }, as('guest'))).toBe('/menu');
    expect(accessRedirect({ access: 'signedOut' }, as('notVerifiedUser'))).toBe('/verify');
  });

  it('lets any finished account into member routes', () => {
    for (const role of ['user', 'guest', 'premium', 'developer', 'friend'] as const) {
      expect(accessRedirect({ access: 'member' }, as(role))).toBeNull();
    }
    expect(accessRedirect({ access: 'session' }, as('notVerifiedUser'))).toBeNull();
  });

  it('opens /plans to role user only', () => {
    expect(accessRedirect({ access: 'member', roles: PLANS_ROLES }, as('user'))).toBeNull();
    expect(accessRedirect({ access: 'member', roles: PLANS_ROLES }, as('premium'))).toBe('/menu');
    expect(accessRedirect({ access: 'member', roles: PLANS_ROLES }, as('guest'))).toBe('/menu');
  });

  it('opens /subscription to premium only', () => {
    expect(accessRedirect({ access: 'member', roles: SUBSCRIPTION_ROLES }, as('premium'))).toBeNull();
    expect(accessRedirect({ access: 'member', roles: SUBSCRIPTION_ROLES }, as('user'))).toBe('/menu');
  });

  it('keeps guests out of /user/edit', () => {
    expect(accessRedirect({ access: 'member', roles: USER_EDIT_ROLES }, as('guest'))).toBe('/menu');
    expect(accessRedirect({ access: 'member', roles: USER_EDIT_ROLES }, as('friend'))).toBeNull();
    expect(accessRedirect({ access: 'member', roles: USER_EDIT_ROLES }, null)).toBe('/auth');
  });

  it('knows where each account belongs', () => {
    expect(homePathFor(null)).toBe('/auth');
    expect(homePathFor(as('developer'))).toBe('/menu');
  });
});

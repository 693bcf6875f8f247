import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublic } from './guard.ts';

const out = { signedIn: false, locked: false };
const signedIn = { signedIn: true, locked: false };
const locked = { signedIn: true, locked: true };

describe('the route guard', () => {
  it('knows the public routes', () => {
    for (const path of ['/login', '/lock', '/404', '/403', '/500', '/404/'])
      expect(isPublic(path)).toBe(true);
    for (const path of ['/', '/wel/index', '/login/x', '/4040']) expect(isPublic(path)).toBe(false);
  });

  it('opens only public routes without a session', () => {
    expect(guardRedirect('/wel/index', out)).toBe('/login');
    expect(guardRedirect('/', out)).toBe('/login');
    expect(guardRedirect('/login', out)).toBeNull();
    expect(guardRedirect('/404', out)).toBeNull();
    expect(guardRedirect('/403', out)).toBeNull();
    expect(guardRedirect('/500', out)).toBeNull();
    // Unlocking needs a session.
    expect(guardRedirect('/lock', out)).toBe('/login');
  });

  it('sends a signed-in visitor from /login home', () => {
    expect(guardRedirect('/login', signedIn)).toBe('/');
    // The lock page itself sends an unlocked visitor back where they were.
    expect(guardRedirect('/lock', signedIn)).toBeNull();
    expect(guardRedirect('/wel/index', signedIn)).toBeNull();
    expect(guardRedirect('/404', signedIn)).toBeNull();
  });

  it('sends everything to /lock while locked', () => {
    for (const path of ['/', '/wel/index', '/login', '/404', '/system/user'])
      expect(guardRedirect(path, locked)).toBe('/lock');
    expect(guardRedirect('/lock', locked)).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '@console/sdk';

import { RequireAuth } from './App';

describe('the route guard', () => {
  const replace = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    replace.mockReset();
    vi.stubGlobal('location', { ...window.location, replace });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a stored authorization to /login', () => {
    render(
      <RequireAuth>
        <p>console</p>
      </RequireAuth>,
    );
    expect(screen.queryByText('console')).toBeNull();
    expect(replace).toHaveBeenCalledWith('/login');
  });

  it('lets a signed-in user through', () => {
    session.setUser({ id: 1, tenantId: 0, userName: 'admin', name: 'Admin', headImageUrl: '', userMenuVoList: [] });
    render(
      <RequireAuth>
        <p>console</p>
      </RequireAuth>,
    );
    expect(screen.getByText('console')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { AuthContext, type AuthState } from './auth-context';
import { useAuth } from './use-auth';

function Probe() {
  const { loading, roles } = useAuth();
  return <span>{`${loading}:${roles.join(',')}`}</span>;
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    expect(() => renderToString(<Probe />)).toThrowError(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('reads the state inside it', () => {
    const state = { loading: false, roles: ['manager'] } as unknown as AuthState;
    expect(
      renderToString(
        <AuthContext.Provider value={state}>
          <Probe />
        </AuthContext.Provider>,
      ),
    ).toBe('<span>false:manager</span>');
  });
});

import type { LoginResult } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';

/** After login or registration: keep the token, load member info, close the popup, go home (spec §4; the agent
 * page's login goes to /agentHome). */
export function useOnLoggedIn(target = '/') {
  const setToken = useSession((s) => s.setToken);
  const { close, open } = useUi();
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (result: LoginResult) => {
    setToken(result.token);
    // The public popup's 'F' notices are for a member's first login (spec §4).
    if (result.firstTimeLogin) sessionStorage.setItem('firstTimeLogin', '1');
    void qc.invalidateQueries({ queryKey: ['memberInfo'] });
    // A temporary or expired password must be changed first (never after an SMS login: the server says so).
    if (result.passwordExpired) open('changePassword');
    else close();
    navigate(target);
  };
}

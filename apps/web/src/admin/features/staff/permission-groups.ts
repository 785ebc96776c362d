/** Permissions grouped by area (the part before the dot: payments.view → payments), in the server's order. */
export function groupPermissions(permissions: readonly string[]): { area: string; permissions: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const p of permissions) {
    const area = p.includes('.') ? p.slice(0, p.indexOf('.')) : p;
    // The deposit, withdrawal and adjustment permissions belong to the payments area.
    const key = ['deposits', 'withdrawals', 'adjustments'].includes(area) ? 'payments' : area;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups].map(([area, list]) => ({ area, permissions: list }));
}

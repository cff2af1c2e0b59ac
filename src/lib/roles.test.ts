import { describe, expect, it } from 'vitest';
import { isRole, roleCan, ROLES } from '@/lib/roles';

describe('roleCan', () => {
  it('follows the matrix of the team (docs/contracts.md "Roles")', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [
        role,
        (
          [
            'manageMembers',
            'editCompany',
            'write',
            'createPayable',
            'viewCompanyFigures',
            'approve',
            'attachDocuments',
          ] as const
        )
          .filter((action) => roleCan(role, action))
          .join(' '),
      ]),
    );
    expect(table).toEqual({
      admin:
        'manageMembers editCompany write createPayable viewCompanyFigures approve attachDocuments',
      financeiro: 'write createPayable viewCompanyFigures approve attachDocuments',
      obra: 'createPayable attachDocuments',
      leitura: 'viewCompanyFigures',
    });
  });

  it('knows the four roles and nothing else', () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('member')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

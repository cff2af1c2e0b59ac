import { describe, expect, it } from 'vitest';
import { isRole, roleCan, roleCanChangeEntry, ROLES } from '@/lib/roles';

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
            'recordCompanyEntry',
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
        'manageMembers editCompany write createPayable recordCompanyEntry viewCompanyFigures approve attachDocuments',
      financeiro:
        'write createPayable recordCompanyEntry viewCompanyFigures approve attachDocuments',
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

describe('roleCanChangeEntry', () => {
  const me = 'me';
  const entry = (createdBy: string | null, approvalStatus: string) => ({
    createdBy,
    approvalStatus,
  });

  it('admin and financeiro change any entry; leitura none', () => {
    for (const role of ['admin', 'financeiro'] as const) {
      expect(roleCanChangeEntry(role, entry('someone', 'approved'), me)).toBe(true);
    }
    expect(roleCanChangeEntry('leitura', entry(me, 'pending'), me)).toBe(false);
  });

  it('an obra member changes only what it recorded, while not approved', () => {
    expect(roleCanChangeEntry('obra', entry(me, 'pending'), me)).toBe(true);
    expect(roleCanChangeEntry('obra', entry(me, 'refused'), me)).toBe(true);
    expect(roleCanChangeEntry('obra', entry(me, 'approved'), me)).toBe(false);
    expect(roleCanChangeEntry('obra', entry('someone', 'pending'), me)).toBe(false);
    expect(roleCanChangeEntry('obra', entry(null, 'pending'), me)).toBe(false);
  });
});

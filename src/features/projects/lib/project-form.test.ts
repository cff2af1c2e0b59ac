import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAGES,
  emptyNewProject,
  toCreateProjectArgs,
  validateNewProject,
  type NewProjectValues,
} from '@/features/projects/lib/project-form';
import { parseCompletion } from '@/features/projects/lib/project-edit';

const valid: NewProjectValues = {
  ...emptyNewProject,
  name: ' Casa 010 ',
  address: 'Rua A, 1',
  clientName: 'Helena',
  budgetCents: 12_345_67,
  startDate: '2026-03-01',
  endDate: '2026-09-30',
};

describe('validateNewProject', () => {
  it('starts with the six default stages and medium priority', () => {
    expect(emptyNewProject.stages).toEqual([
      'Planejamento',
      'Fundação',
      'Estrutura',
      'Instalações',
      'Acabamento',
      'Entrega',
    ]);
    expect(DEFAULT_STAGES).toHaveLength(6);
    expect(emptyNewProject.priority).toBe('medium');
  });

  it('asks for every required field with the spec message', () => {
    const problem = validateNewProject(emptyNewProject);
    expect(problem?.title).toBe('Campos obrigatórios');
    expect(problem?.description).toBe('Por favor, preencha todos os campos obrigatórios.');
    expect(Object.keys(problem?.errors ?? {}).sort()).toEqual(
      ['address', 'budget', 'clientName', 'endDate', 'name', 'startDate'].sort(),
    );
  });

  it('needs at least one stage, then dates in order', () => {
    expect(validateNewProject({ ...valid, stages: [] })?.title).toBe(
      'Selecione pelo menos uma etapa',
    );
    expect(validateNewProject({ ...valid, endDate: '2026-02-28' })?.errors.endDate).toBeTruthy();
    expect(validateNewProject({ ...valid, endDate: '2026-03-01' })).toBeNull();
    expect(validateNewProject(valid)).toBeNull();
  });

  it('builds the create_project arguments with trimmed text and stages in spec order', () => {
    const args = toCreateProjectArgs('c1', { ...valid, stages: ['Limpeza Final', 'Fundação'] });
    expect(args).toMatchObject({
      p_company_id: 'c1',
      p_name: 'Casa 010',
      p_budget: 12345.67,
      p_stages: ['Fundação', 'Limpeza Final'],
    });
  });
});

describe('parseCompletion', () => {
  it('accepts whole numbers from 0 to 100', () => {
    expect(parseCompletion('')).toBe(0);
    expect(parseCompletion('65')).toBe(65);
    expect(parseCompletion('100')).toBe(100);
    expect(parseCompletion('101')).toBeNull();
    expect(parseCompletion('-1')).toBeNull();
    expect(parseCompletion('4.5')).toBeNull();
  });
});

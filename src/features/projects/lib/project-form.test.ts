import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAGES,
  emptyNewProject,
  toCreateProjectArgs,
  validateNewProject,
  type NewProjectValues,
} from '@/features/projects/lib/project-form';
import { editProjectInput, type EditProjectInput } from '@/features/projects/api/update-project';

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

const saved: EditProjectInput = {
  id: 'p1',
  name: ' Casa 010 ',
  address: '',
  clientName: ' Helena ',
  description: '',
  budget: { cents: 12_345_67, text: '' },
  startDate: '2026-03-01',
  endDate: '2026-09-30',
  status: 'in_progress',
  priority: 'high',
  completion: '65',
};

describe('editProjectInput', () => {
  const completionOf = (completion: string) => {
    const result = editProjectInput.safeParse({ ...saved, completion });
    return result.success ? result.data.changes.completion_percentage : null;
  };

  it('accepts whole numbers from 0 to 100 as progress (blank is 0)', () => {
    expect(completionOf('')).toBe(0);
    expect(completionOf('65')).toBe(65);
    expect(completionOf('100')).toBe(100);
    expect(completionOf('101')).toBeNull();
    expect(completionOf('-1')).toBeNull();
    expect(completionOf('4.5')).toBeNull();
    const problem = editProjectInput.safeParse({ ...saved, completion: '4.5' });
    expect(problem.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['completion'], 'Informe um número inteiro de 0 a 100'],
    ]);
  });

  it('builds the update with trimmed text, blanks as null and the budget in reais', () => {
    expect(editProjectInput.parse(saved)).toEqual({
      id: 'p1',
      changes: {
        name: 'Casa 010',
        address: null,
        client_name: 'Helena',
        description: null,
        budget: 12345.67,
        start_date: '2026-03-01',
        end_date: '2026-09-30',
        status: 'in_progress',
        priority: 'high',
        completion_percentage: 65,
      },
    });
    expect(
      editProjectInput.parse({ ...saved, budget: { cents: null, text: ' ' } }).changes.budget,
    ).toBeNull();
  });

  it('gives every message at once: name, budget that is no amount, end before start', () => {
    const problem = editProjectInput.safeParse({
      ...saved,
      name: '  ',
      budget: { cents: null, text: 'abc' },
      endDate: '2026-02-28',
    });
    expect(problem.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['name'], 'Por favor, preencha todos os campos obrigatórios.'],
      [['budget'], 'Orçamento inválido'],
      [['endDate'], 'A previsão de término não pode ser anterior à data de início.'],
    ]);
  });
});

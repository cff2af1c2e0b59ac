import { describe, expect, it } from 'vitest';
import {
  emptyNewProject,
  newProjectInput,
  type NewProjectInput,
} from '@/features/projects/api/create-project';
import { DEFAULT_STAGES } from '@/features/projects/lib/project-form';
import { editProjectInput, type EditProjectInput } from '@/features/projects/api/update-project';

const valid: NewProjectInput = {
  ...emptyNewProject,
  name: ' Casa 010 ',
  address: 'Rua A, 1',
  clientName: 'Helena',
  budgetCents: 12_345_67,
  startDate: '2026-03-01',
  endDate: '2026-09-30',
};

/** [field, message] of every problem newProjectInput finds. */
function problemsOf(values: NewProjectInput) {
  const result = newProjectInput.safeParse(values);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('newProjectInput', () => {
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

  it('asks for every required field, each with its message, and nothing else yet', () => {
    expect(problemsOf({ ...emptyNewProject, name: '   ', stages: [] })).toEqual([
      ['name', 'Informe o nome da obra'],
      ['address', 'Informe o endereço'],
      ['clientName', 'Informe o cliente'],
      ['budgetCents', 'Informe o orçamento'],
      ['startDate', 'Informe a data de início'],
      ['endDate', 'Informe a previsão de término'],
    ]);
  });

  it('needs at least one stage, then dates in order', () => {
    expect(problemsOf({ ...valid, stages: [], endDate: '2026-02-28' })).toEqual([
      ['stages', 'É necessário selecionar ao menos uma etapa para a obra.'],
    ]);
    expect(problemsOf({ ...valid, endDate: '2026-02-28' })).toEqual([
      ['endDate', 'A previsão de término não pode ser anterior à data de início.'],
    ]);
    expect(problemsOf({ ...valid, endDate: '2026-03-01' })).toEqual([]);
    expect(problemsOf(valid)).toEqual([]);
  });

  it('builds the create_project arguments with trimmed text and stages in spec order', () => {
    const args = newProjectInput.parse({ ...valid, stages: ['Limpeza Final', 'Fundação'] });
    expect(args).toMatchObject({
      p_name: 'Casa 010',
      p_budget: 12345.67,
      p_start_date: '2026-03-01',
      p_end_date: '2026-09-30',
      p_priority: 'medium',
      p_status: 'planning',
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

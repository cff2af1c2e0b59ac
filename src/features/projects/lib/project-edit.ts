// The Editar dialog of an obra: its values from the saved row (the rules are editProjectInput's).
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import type { EditProjectInput } from '@/features/projects/api/update-project';
import { isProjectPriority, isProjectStatus } from '@/features/projects/lib/project-view';
import { toCents } from '@/lib/money';

export function editValuesOf(project: ProjectRow): EditProjectInput {
  return {
    id: project.id,
    name: project.name,
    address: project.address ?? '',
    clientName: project.client_name ?? '',
    description: project.description ?? '',
    // Centavos, as in Nova Obra; `text` is what the user types next (it only tells a blank field
    // from text that is no amount), so nothing typed yet is ''.
    budget: { cents: project.budget === null ? null : toCents(project.budget), text: '' },
    startDate: project.start_date,
    endDate: project.end_date,
    status: isProjectStatus(project.status) ? project.status : 'planning',
    priority: isProjectPriority(project.priority) ? project.priority : 'medium',
    completion: String(project.completion_percentage),
  };
}

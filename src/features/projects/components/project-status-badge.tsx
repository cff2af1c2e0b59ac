import { Badge } from '@/components/ui/badge';
import {
  isProjectStatus,
  STATUS_BADGE_VARIANT,
  statusLabel,
} from '@/features/projects/lib/project-view';

export function ProjectStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      variant={isProjectStatus(status) ? STATUS_BADGE_VARIANT[status] : 'outline'}
      className={className}
    >
      {statusLabel(status)}
    </Badge>
  );
}

import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Category } from '@/features/categories/api/get-category';
import { ColorDot } from '@/features/categories/components/color-dot';

interface CategoryListItemProps {
  category: Category;
  /** Absent for a role that may not write: no Editar / Excluir. */
  onEdit?: (category: Category) => void;
  onRemove?: (category: Category) => void;
}

export function CategoryListItem({ category, onEdit, onRemove }: CategoryListItemProps) {
  return (
    <li className="flex items-center gap-3 rounded-lg border bg-card p-3 shadow-sm">
      <ColorDot color={category.color} className="size-4" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{category.name}</p>
        {category.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{category.description}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center">
        <Link
          to={`/categorias/${category.id}`}
          aria-label={`Ver ${category.name}`}
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }))}
        >
          <Eye aria-hidden="true" />
        </Link>
        {onEdit ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Editar ${category.name}`}
            onClick={() => onEdit(category)}
          >
            <Pencil aria-hidden="true" />
          </Button>
        ) : null}
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Excluir ${category.name}`}
            className="text-destructive hover:text-destructive"
            onClick={() => onRemove(category)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

import { Spinner } from '@/components/ui/spinner';

export function PageLoading() {
  return <Spinner label="Carregando..." className="min-h-dvh" />;
}

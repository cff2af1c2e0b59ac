import { Link } from 'react-router-dom';
import { ChoiceList, type ChoiceTone } from '@/components/pickers/choice-list';
import { isWaitingForNetwork, LookupOffline } from '@/components/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useCategories, useClients, useProjects, useSuppliers } from '@/lib/api/lookups';

/**
 * A lookup that has not loaded: the spinner, or — offline with nothing saved on the device, where
 * React Query pauses the read — one short line saying so instead of spinning forever.
 */
function LookupPending({ paused, label }: { paused: boolean; label: string }) {
  if (paused) return <LookupOffline />;
  return <Spinner className="justify-start text-sm" label={label} />;
}

interface LookupChoiceListProps {
  value: string | null | undefined;
  tone: ChoiceTone;
}

/** Active categories of one type as large rows, with their loading, error and empty states. */
export function CategoryChoiceList({
  type,
  value,
  onChange,
  tone,
}: LookupChoiceListProps & { type: 'income' | 'expense'; onChange: (categoryId: string) => void }) {
  const categories = useCategories({ type, activeOnly: true });
  if (categories.isPending)
    return (
      <LookupPending paused={isWaitingForNetwork(categories)} label="Carregando categorias..." />
    );
  if (categories.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        Erro ao carregar categorias
      </p>
    );
  }
  if (categories.data.length === 0) {
    return (
      <div className="grid gap-2 rounded-lg border border-dashed p-4 text-sm">
        <p>
          {type === 'expense'
            ? 'Nenhuma categoria de despesa cadastrada'
            : 'Nenhuma categoria de receita cadastrada'}
        </p>
        <Link
          to="/categorias/nova"
          className="font-medium text-primary underline underline-offset-4"
        >
          Cadastrar categoria
        </Link>
      </div>
    );
  }
  return (
    <ChoiceList
      label="Categoria"
      tone={tone}
      value={value}
      onChange={(id) => {
        if (id !== null) onChange(id);
      }}
      choices={categories.data.map((c) => ({
        value: c.id,
        label: c.name,
        hint: c.description ?? undefined,
      }))}
    />
  );
}

/** The company's obras (client as hint) after the null choice `noneLabel`; loading and error below. */
export function ProjectChoiceList({
  value,
  onChange,
  tone,
  noneLabel,
}: LookupChoiceListProps & {
  onChange: (projectId: string | null) => void;
  /** "Geral"; absent where no obra is not a choice (an obra member's own obras). */
  noneLabel?: string;
}) {
  const projects = useProjects();
  return (
    <div className="grid gap-3">
      <ChoiceList
        label="Obra"
        tone={tone}
        value={value}
        onChange={onChange}
        noneLabel={noneLabel}
        choices={(projects.data ?? []).map((p) => ({
          value: p.id,
          label: p.name,
          hint: p.client_name ?? undefined,
        }))}
      />
      {projects.isPending ? (
        <LookupPending paused={isWaitingForNetwork(projects)} label="Carregando obras..." />
      ) : null}
      {projects.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Não foi possível carregar as obras. Você pode escolher “Geral” ou tentar de novo mais
          tarde.
        </p>
      ) : null}
    </div>
  );
}

const MAX_SHOWN = 30;

interface PartyChoiceListProps extends LookupChoiceListProps {
  /** What the user typed: while no row is chosen, only names containing it are shown. */
  search: string;
  onChange: (party: { id: string; name: string }) => void;
}

interface PartyNouns {
  singular: string;
  plural: string;
  listed: string;
}

function PartyChoiceList({
  query,
  nouns,
  search,
  value,
  onChange,
  tone,
}: PartyChoiceListProps & {
  query: ReturnType<typeof useSuppliers> | ReturnType<typeof useClients>;
  nouns: PartyNouns;
}) {
  if (query.isPending)
    return (
      <LookupPending paused={isWaitingForNetwork(query)} label={`Carregando ${nouns.plural}...`} />
    );
  if (query.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        Não foi possível carregar a lista de {nouns.plural}. Você ainda pode digitar o nome.
      </p>
    );
  }
  const parties: { id: string; name: string }[] = query.data;
  if (parties.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Nenhum {nouns.singular} cadastrado ainda. Digite o nome para cadastrar um novo.
      </p>
    );
  }
  const typed = search.trim().toLocaleLowerCase('pt-BR');
  const shown = (
    value ? parties : parties.filter((p) => p.name.toLocaleLowerCase('pt-BR').includes(typed))
  ).slice(0, MAX_SHOWN);
  if (shown.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{nouns.listed}</p>
      <ChoiceList
        label={nouns.listed}
        tone={tone}
        value={value}
        choices={shown.map((p) => ({ value: p.id, label: p.name }))}
        onChange={(id) => {
          const party = parties.find((p) => p.id === id);
          if (party) onChange({ id: party.id, name: party.name });
        }}
      />
    </div>
  );
}

/** Active suppliers matching what was typed (at most 30), with loading, error and empty states. */
export function SupplierChoiceList(props: PartyChoiceListProps) {
  const suppliers = useSuppliers({ activeOnly: true });
  return (
    <PartyChoiceList
      query={suppliers}
      nouns={{ singular: 'fornecedor', plural: 'fornecedores', listed: 'Fornecedores cadastrados' }}
      {...props}
    />
  );
}

/** Active clients matching what was typed (at most 30), with loading, error and empty states. */
export function ClientChoiceList(props: PartyChoiceListProps) {
  const clients = useClients({ activeOnly: true });
  return (
    <PartyChoiceList
      query={clients}
      nouns={{ singular: 'cliente', plural: 'clientes', listed: 'Clientes cadastrados' }}
      {...props}
    />
  );
}

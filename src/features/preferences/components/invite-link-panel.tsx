import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface IssuedLink {
  invitationId: string;
  email: string;
  url: string;
}

/**
 * No e-mail is sent: the admin copies the link and sends it (WhatsApp, e-mail). The link is also
 * shown in a read-only field, selected when the clipboard is not available.
 */
export function InviteLinkPanel({ link }: { link: IssuedLink }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function selectLink() {
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  async function copy() {
    try {
      // Absent outside secure contexts (http on a LAN address), refused without permission.
      if (typeof navigator.clipboard === 'undefined') throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(link.url);
      toast.success('Link copiado!', {
        description: `Envie para ${link.email}, por WhatsApp ou email.`,
      });
    } catch {
      selectLink();
      toast('Não foi possível copiar automaticamente', {
        description: 'O link está selecionado: copie e envie para a pessoa convidada.',
      });
    }
  }

  return (
    <section
      aria-label={`Link do convite de ${link.email}`}
      className="grid min-w-0 grid-cols-1 gap-2 rounded-md border border-primary/40 bg-primary/5 p-3"
    >
      <Label htmlFor={inputId}>Link do convite</Label>
      <p className="text-sm text-muted-foreground">
        Envie este link para{' '}
        <span className="break-all font-medium text-foreground">{link.email}</span>. Ele vale por 7
        dias e só funciona para quem entrar com este email.
      </p>
      <Input
        id={inputId}
        ref={inputRef}
        readOnly
        value={link.url}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-sm"
      />
      <Button type="button" onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        Copiar link do convite
      </Button>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { useCurrentCompany } from '@/lib/current-company';
import { isOnline } from '@/lib/online';
import { isNetworkError, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import {
  canContinue,
  initialWizardValues,
  useCreateWizardEntry,
  wizardFormSchema,
  type WizardFormOutput,
  type WizardValues,
} from '@/features/entries/api/create-wizard-entry';
import { useQueueEntries } from '@/features/entries/api/offline-entries';
import {
  clearDraft,
  readDraft,
  wizardStorageKey,
  writeDraft,
} from '@/features/entries/lib/draft-storage';
import { useAttachPhoto } from '@/features/entries/lib/use-attach-photo';
import { keepOnDevice } from '@/features/entries/lib/queue-offline';
import { WIZARD_STEPS, type WizardEntry } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

const SUCCESS_TEXT: Record<EntryKind, string> = {
  expense: 'Conta a pagar foi criada com sucesso.',
  income: 'Conta a receber foi criada com sucesso.',
};

/** What sessionStorage keeps: the values and the step the user is on (the shape it always had). */
type WizardDraft = WizardValues & { step: number };

const initialDraft: WizardDraft = { step: 1, ...initialWizardValues };

function isInitialDraft(draft: WizardDraft): boolean {
  return (Object.keys(initialDraft) as (keyof WizardDraft)[]).every(
    (key) => draft[key] === initialDraft[key],
  );
}

function valuesOf({ step: _step, ...values }: WizardDraft): WizardValues {
  return values;
}

const clampStep = (step: number) => Math.min(Math.max(step, 1), WIZARD_STEPS);

/** The steps read the wizard's form from its context (the wizard renders them inside `<Form>`). */
export function useWizardForm() {
  return useFormContext<WizardValues, unknown, WizardFormOutput>();
}

/**
 * The 9-step wizard's state and behaviour: the form (restored from, and written on every change
 * to, sessionStorage), the step, focus on the new question, and saving (online, or queued on the
 * device when offline). The wizard component only renders what this returns.
 */
export function useEntryWizard(kind: EntryKind) {
  const company = useCurrentCompany();
  // Written on every change, so a session that ends on its own leaves the user's draft behind.
  const storageKey = wizardStorageKey(company, kind);
  const [restored] = useState(() => readDraft('sessionStorage', storageKey, initialDraft));
  const form = useForm({
    resolver: zodResolver(wizardFormSchema),
    // A field tells what is wrong as soon as it is changed (a zero amount); Continuar stays
    // disabled until the step's fields pass the schema.
    mode: 'onChange',
    defaultValues: valuesOf(restored),
  });
  const values = useWatch({ control: form.control, compute: (all) => ({ ...all }) });
  const [currentStep, setCurrentStep] = useState(restored.step);
  const createEntry = useCreateWizardEntry();
  const attachPhoto = useAttachPhoto();
  const { queueWizard } = useQueueEntries();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const step = clampStep(currentStep);
  const previousStep = useRef(step);
  const valid = canContinue(step, values);
  const busy = createEntry.isPending || form.formState.isSubmitting;

  useEffect(() => {
    const draft = { ...values, step };
    if (isInitialDraft(draft)) clearDraft('sessionStorage', storageKey);
    else writeDraft('sessionStorage', storageKey, draft);
  }, [storageKey, step, values]);

  // Moving between steps replaces the content: put the focus on the new question so keyboard and
  // screen-reader users land where the page changed (not on first render).
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const goTo = (next: number) => setCurrentStep(clampStep(next));

  function startOver() {
    clearDraft('sessionStorage', storageKey);
    form.reset(initialWizardValues);
    setCurrentStep(1);
  }

  async function save(answers: Omit<WizardEntry, 'kind'>) {
    const entry: WizardEntry = { kind, ...answers };
    if (!isOnline()) {
      // No network: the entry waits on this device ("Aguardando envio") and is sent later, with
      // the id its queue item was given (a repeated send writes nothing twice).
      if (await keepOnDevice(() => queueWizard(entry, form.getValues('photo')))) startOver();
      return;
    }
    // Read before the form is reset: the photo goes to the entry once it exists.
    const photo = form.getValues('photo');
    let created: { id: string };
    try {
      created = await createEntry.mutateAsync(entry);
    } catch (error) {
      // Everything typed stays in the wizard (and in sessionStorage) for another try. SPEC §8:
      // the database refusing the save is "Erro ao salvar"; the request not getting through
      // (the network dropped while the device thought it was online) is "Erro inesperado".
      if (isNetworkError(error)) {
        toast.error(UNEXPECTED_ERROR_TITLE, {
          description: 'Ocorreu um erro inesperado. Tente novamente.',
        });
      } else {
        toast.error('Erro ao salvar', {
          description: 'Não foi possível salvar o lançamento. Tente novamente.',
        });
      }
      return;
    }
    // The photo is kept on this device before the wizard starts over (it is in the draft until
    // then): a reload while it uploads never drops it. It is sent from there.
    if (photo) await attachPhoto(entry, created.id, photo);
    toast.success('Lançamento salvo!', { description: SUCCESS_TEXT[kind] });
    startOver();
  }

  /** Continuar, or on the last step Salvar. */
  function next() {
    // Enter cannot get here while Continuar is disabled (no implicit submission then).
    if (!valid || busy) return;
    if (step === WIZARD_STEPS) void form.handleSubmit(save)();
    else goTo(step + 1);
  }

  return { form, values, step, valid, busy, goTo, next, headingRef };
}

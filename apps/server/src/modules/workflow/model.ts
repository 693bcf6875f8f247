import { type Language, languages } from '@bl/contract';
import BpmnModdle from 'bpmn-moddle';
import { parsePool } from '../../parsing/pool.ts';
import { checkExpression, isExpression } from './expression.ts';

/**
 * What the server reads from a deployed BPMN model, once, at deployment (kept as the
 * definition's `meta`): the process key and name, who may start it, and per element the
 * attributes Flowable's designer writes (`flowable:assignee`, `candidateUsers`,
 * `candidateGroups`, `formKey`, `dueDate`, a service task's `expression` / `delegateExpression`
 * / `class`). The same attributes under `activiti:` or `camunda:` are read alike, so models made
 * in those designers deploy too. Execution itself is bpmn-engine's (engine.ts).
 */
export interface TaskMeta {
  name: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  dueDate?: string;
  /** `multiInstanceLoopCharacteristics`: one task per item (parallel or one after another). */
  loop?: LoopMeta;
}

/**
 * A multi-instance user task (docs/adr/0027-workflow-engine.md, addendum 2): the items are
 * `flowable:collection` (a variable holding a list, or a comma-separated text), each in
 * `flowable:elementVariable` while its task is made; else `loopCardinality` tasks; else one per
 * candidate user (each then assigned to that user). `completionCondition` may read
 * `nrOfInstances`, `nrOfCompletedInstances`, `nrOfActiveInstances`.
 */
export interface LoopMeta {
  sequential: boolean;
  collection?: string;
  elementVariable?: string;
  cardinality?: string;
  completionCondition?: string;
}

/**
 * An element's name per language (`flowable:nameZh`, `nameMo`, `nameEn` next to `name`, which
 * stays the name for any language not given): lists and history show the user's.
 */
export type Names = Partial<Record<Language, string>>;

export interface ModelMeta {
  key: string;
  name: string;
  names?: Names;
  /** `flowable:candidateStarterUsers` / `candidateStarterGroups` on the process: who may start it. */
  starterUsers?: string;
  starterGroups?: string;
  /** The start event's form. */
  startFormKey?: string;
  tasks: Record<string, TaskMeta>;
  /** Service tasks: element id → the product action they call. */
  services: Record<string, { name: string; action: string; params?: Record<string, string> }>;
  /** Every flow node: id → name and BPMN type (for history and the diagram). */
  elements: Record<string, { name: string; type: string; names?: Names }>;
  /** Sequence flows: element id → the ids its outgoing flows lead to (for sending back). */
  next?: Record<string, string[]>;
}

const prefixes = new Set(['flowable', 'activiti', 'camunda']);

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  eventDefinitions?: ModdleElement[];
  conditionExpression?: { body?: string };
  isExecutable?: boolean;
  loopCharacteristics?: ModdleElement & {
    isSequential?: boolean;
    loopCardinality?: { body?: string };
    completionCondition?: { body?: string };
  };
  [key: string]: unknown;
}

/** `flowable:assignee` (or activiti:/camunda:) on an element. */
function attr(element: ModdleElement, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    const [prefix, local] = key.split(':');
    if (local === name && prefix && prefixes.has(prefix)) return value;
  }
  return undefined;
}

/** The name a service task calls: `${stock.review}`, `stock.review`, or a class's last part. */
function serviceName(element: ModdleElement): string | undefined {
  const raw = attr(element, 'expression') ?? attr(element, 'delegateExpression') ?? attr(element, 'class');
  if (!raw) return undefined;
  const inner = /^\s*[$#]\{\s*([\w.:-]+)\s*\}\s*$/.exec(raw)?.[1] ?? raw.trim();
  return inner;
}

export class ModelError extends Error {}

/** `flowable:nameEn="Leave"`...: the element's names by language, when any is given. */
function readNames(element: ModdleElement): Names | undefined {
  const names: Names = {};
  for (const language of languages) {
    const value = attr(element, `name${language[0]?.toUpperCase()}${language.slice(1)}`)?.trim();
    if (value) names[language] = value.slice(0, 255);
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

/** The multi-instance characteristics of a user task, checked; the candidate list as items. */
function readLoop(element: ModdleElement, task: TaskMeta): LoopMeta | undefined {
  const raw = element.loopCharacteristics;
  if (raw?.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return undefined;
  const loop: LoopMeta = { sequential: raw.isSequential === true };
  const collection = attr(raw, 'collection');
  const elementVariable = attr(raw, 'elementVariable');
  const cardinality = raw.loopCardinality?.body?.trim();
  const completion = raw.completionCondition?.body?.trim();
  if (collection) loop.collection = collection;
  if (elementVariable) {
    if (!/^[A-Za-z_]\w{0,63}$/.test(elementVariable))
      throw new ModelError(`${element.id}: elementVariable ${elementVariable}`);
    loop.elementVariable = elementVariable;
  }
  if (cardinality) loop.cardinality = cardinality;
  if (completion) {
    if (!isExpression(completion))
      throw new ModelError(`${element.id}: the completion condition is an expression: \${...}`);
    loop.completionCondition = completion;
  }
  if (!collection && !cardinality) {
    // One task per candidate user, each assigned to that user.
    if (!task.candidateUsers)
      throw new ModelError(
        `${element.id}: a multi-instance task names its items (flowable:collection, loopCardinality or candidateUsers)`,
      );
    loop.collection = task.candidateUsers;
    loop.elementVariable = 'assignee';
    task.assignee = `\${assignee}`;
    delete task.candidateUsers;
  }
  for (const text of [loop.collection, loop.cardinality, loop.completionCondition]) {
    if (!text) continue;
    try {
      checkExpression(text);
    } catch (error) {
      throw new ModelError(`${element.id}: ${(error as Error).message}`);
    }
  }
  return loop;
}

/**
 * Bounds of a model's text, checked before any parser sees it (docs/adr/0035-untrusted-parsing.md).
 * bpmn-moddle's time and memory grow faster than the text with namespace declarations (a
 * 700 KB model declaring 20,000 took 12 s; 2 MB nesting them exhausted a 4 GB heap) and with
 * elements (40,000 took 0.4 s). A real model declares about ten namespaces, and even a large
 * diagram (1,000 tasks with their shapes and edges) has some 10,000 elements. The deployed text
 * is parsed again, on the event loop, when instances run (engine.ts): these bounds are what keep
 * that parse short too.
 */
export const modelLimits = { chars: 2_000_000, tags: 50_000, namespaces: 200, nesting: 50 } as const;

/** A model within `modelLimits` parses in well under a second; a worker taking longer is ended. */
export const modelParseMs = 10_000;

/** How often `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** Refuses a model text beyond `modelLimits` (a linear scan: milliseconds for the largest). */
export function checkModelText(xml: string): void {
  if (xml.length > modelLimits.chars) throw new ModelError(`more than ${modelLimits.chars} characters`);
  if (occurrences(xml, '<') > modelLimits.tags)
    throw new ModelError(`more than ${modelLimits.tags} elements`);
  if (occurrences(xml, 'xmlns') > modelLimits.namespaces)
    throw new ModelError(`more than ${modelLimits.namespaces} namespace declarations`);
}

/** A model read by the parse worker: its meta, or what is wrong with it. */
export type ModelReading = { meta: ModelMeta } | { invalid: string };

/** Parse worker's side of `readModel` (parse-worker.ts): never called on the event loop. */
export async function readModelHere(xml: string): Promise<ModelReading> {
  try {
    checkModelText(xml);
    return { meta: await parseModel(xml) };
  } catch (error) {
    if (error instanceof ModelError) return { invalid: error.message };
    throw error;
  }
}

/**
 * Reads and checks a model; throws a `ModelError` naming what is wrong. The text is bounded
 * here, then parsed in the parse worker (parsing/pool.ts), which ends a parse that runs past
 * `modelParseMs` or its heap limit and refuses it with a message.
 */
export async function readModel(xml: string): Promise<ModelMeta> {
  checkModelText(xml);
  const reading = await parsePool.run<ModelReading>('bpmn', xml, { timeoutMs: modelParseMs });
  if ('invalid' in reading) throw new ModelError(reading.invalid);
  return reading.meta;
}

async function parseModel(xml: string): Promise<ModelMeta> {
  const moddle = new BpmnModdle();
  let root: ModdleElement;
  try {
    const parsed = (await moddle.fromXML(xml)) as {
      rootElement: ModdleElement;
      warnings: { message: string }[];
    };
    root = parsed.rootElement;
    const unresolved = parsed.warnings.find((w) => /unresolved reference/.test(w.message));
    if (unresolved) throw new ModelError(unresolved.message);
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(error instanceof Error ? (error.message.split('\n')[0] ?? 'XML') : 'XML');
  }
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const process = processes.find((p) => p.isExecutable !== false) ?? processes[0];
  if (!process?.id) throw new ModelError('no process');
  if (processes.length > 1) throw new ModelError('one process per model');
  if (!/^[A-Za-z_][\w.-]{0,63}$/.test(process.id)) throw new ModelError(`process id ${process.id}`);
  const meta: ModelMeta = {
    key: process.id,
    name: (process.name ?? process.id).slice(0, 255),
    names: readNames(process),
    starterUsers: attr(process, 'candidateStarterUsers'),
    starterGroups: attr(process, 'candidateStarterGroups'),
    tasks: {},
    services: {},
    elements: {},
    next: {},
  };
  // Sub-processes are walked by recursion: their nesting is bounded, or a crafted model
  // (thousands deep, within `modelLimits`) overflows the stack.
  const visit = (container: ModdleElement, depth = 0) => {
    if (depth > modelLimits.nesting)
      throw new ModelError(`sub-processes nested more than ${modelLimits.nesting} deep`);
    for (const element of container.flowElements ?? []) {
      if (!element.id) continue;
      const name = element.name ?? element.id;
      const names = readNames(element);
      if (element.$type !== 'bpmn:SequenceFlow')
        meta.elements[element.id] = { name, type: element.$type, ...(names && { names }) };
      const source = (element.sourceRef as ModdleElement | undefined)?.id;
      const target = (element.targetRef as ModdleElement | undefined)?.id;
      if (element.$type === 'bpmn:SequenceFlow' && source && target && meta.next)
        meta.next[source] = [...(meta.next[source] ?? []), target];
      if (element.$type === 'bpmn:SequenceFlow' && element.conditionExpression?.body) {
        try {
          checkExpression(element.conditionExpression.body);
        } catch (error) {
          throw new ModelError(`${element.id}: ${(error as Error).message}`);
        }
      }
      if (element.$type === 'bpmn:StartEvent' && container === process) {
        meta.startFormKey ??= attr(element, 'formKey');
      }
      if (element.$type === 'bpmn:UserTask') {
        const task: TaskMeta = { name };
        for (const key of ['assignee', 'candidateUsers', 'candidateGroups', 'formKey', 'dueDate'] as const) {
          const value = attr(element, key);
          if (value === undefined) continue;
          try {
            checkExpression(value);
          } catch (error) {
            throw new ModelError(`${element.id}: ${(error as Error).message}`);
          }
          task[key] = value;
        }
        const loop = readLoop(element, task);
        if (loop) task.loop = loop;
        meta.tasks[element.id] = task;
      }
      if (element.$type === 'bpmn:ServiceTask') {
        const action = serviceName(element);
        if (!action)
          throw new ModelError(`${element.id}: a service task names its action (flowable:expression)`);
        // Its other flowable: attributes are the action's parameters (copy's `copyTo`...).
        const params: Record<string, string> = {};
        for (const [key, value] of Object.entries(element.$attrs ?? {})) {
          const [prefix, local] = key.split(':');
          if (
            prefix &&
            local &&
            prefixes.has(prefix) &&
            !['expression', 'delegateExpression', 'class'].includes(local)
          )
            params[local] = value;
        }
        meta.services[element.id] = { name, action, params };
      }
      if (element.$type === 'bpmn:SubProcess') visit(element, depth + 1);
    }
  };
  visit(process);
  if (!Object.values(meta.elements).some((e) => e.type === 'bpmn:StartEvent'))
    throw new ModelError('no start event');
  if (!Object.values(meta.elements).some((e) => e.type === 'bpmn:EndEvent'))
    throw new ModelError('no end event');
  return meta;
}

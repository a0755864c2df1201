// What a teacher plans a class with, per lesson (by id): objectives, prerequisites (lesson ids)
// and estimated minutes. The lessons written as data (lessons/*/*.json) carry their own `meta`;
// this table serves the TypeScript ones, in one place. Minutes are the authors' estimate for a
// first pass with every question answered once: about two minutes a step, more for a diagnosis.

export interface LessonMeta {
  /** What a learner can do after the lesson, one imperative each. */
  objectives: string[];
  /** Lesson ids (or plain words) to do first. */
  prerequisites: string[];
  minutes: number;
}

export const LESSON_META: Readonly<Record<string, LessonMeta>> = {
  intro: {
    objectives: ['Name the parts of a Queue Pair and what travels on the wire for one SEND', 'Order the events of a reliable SEND, from the post to the send completion', 'Say what a lost packet costs a reliable connection'],
    prerequisites: [], minutes: 12,
  },
  verbs: {
    objectives: ['Create the verbs objects in the order real code does (PD, MR, CQ, SRQ, QP) and destroy them in reverse', 'Tell an lkey from an rkey and which side checks each', 'Predict what a QP on a shared receive queue raises when it fails, and destroy a QP only after its flush is polled'],
    prerequisites: ['intro'], minutes: 18,
  },
  context: {
    objectives: ['Tell the context fields software sets with ibv_modify_qp from those the NIC advances', 'Follow the PSNs of both sides through a transfer', 'Tell max_rd_atomic from max_dest_rd_atomic'],
    prerequisites: ['intro'], minutes: 14,
  },
  install: {
    objectives: ['Bring an RC QP from RESET to RTS with the attributes each transition requires', 'Post receives before the peer sends', 'Explain what each of INIT, RTR and RTS opens'],
    prerequisites: ['context'], minutes: 15,
  },
  errors: {
    objectives: ['Predict which WR fails, which are flushed and in what order', 'Show that the QP beside a failed one carries on, even on the same CQ', 'Recover a QP from ERR and diagnose a failed transfer'],
    prerequisites: ['state-machine'], minutes: 18,
  },
  keys: {
    objectives: ['Say where the rkey, the access flags and the lkey are checked', 'Read IBV_WC_REM_ACCESS_ERR back to the line of code that caused it', 'Write recovery code that handles drivers that disagree'],
    prerequisites: ['errors'], minutes: 18,
  },
  storm: {
    objectives: ['Predict who notices a port going down under hundreds of connections, and when', 'Order the error reports as they reach software, and say what overruns an event queue', 'Diagnose a storm that lost reports'],
    prerequisites: ['errors'], minutes: 20,
  },
};

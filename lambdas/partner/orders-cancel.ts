// Not yet a factory: this handler still reaches the composition root itself (its flow moves to a use case).
export { handler } from '../../functions/partner/orders-cancel.js';

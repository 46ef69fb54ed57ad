import { DomainError } from "../shared/domain-error.js";
import type { Payment } from "./payment.js";
import type { PaymentRepository } from "./payment-repository.js";

export class PaymentService {
  constructor(private readonly payments: PaymentRepository) {}

  get(paymentId: string): Payment {
    const payment = this.payments.findById(paymentId);
    if (payment === undefined) throw new DomainError("NOT_FOUND", `There is no payment ${paymentId}.`, { paymentId });
    return payment;
  }
}

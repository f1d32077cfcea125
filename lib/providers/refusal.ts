/**
 * An adapter refusing a request before anything was processed, naming the field at fault (answered
 * INVALID_REQUEST by `asDomainError`); every other throw from an adapter is an unknown outcome.
 */
export class ProviderRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderRefusal";
  }
}

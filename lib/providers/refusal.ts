/**
 * The providers' own failure type: an adapter refusing a request at the provider's front door
 * (a card failing its checks, a currency or bank it does not take), before anything was
 * processed. It names the request field at fault; the domain answers it as INVALID_REQUEST
 * (lib/errors `asDomainError`). Every other throw from an adapter is an unknown outcome.
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

package app.rushflow.keycloak.proofofwork;

import java.util.List;
import org.keycloak.Config;
import org.keycloak.authentication.FormAction;
import org.keycloak.authentication.FormActionFactory;
import org.keycloak.models.AuthenticationExecutionModel.Requirement;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.provider.ProviderConfigurationBuilder;

/** Registers the sign-up proof of work as a form action of registration flows. */
public class ProofOfWorkFormActionFactory implements FormActionFactory {
  static final String ID = "rushflow-proof-of-work";
  /** Sign-ups an address may start in an hour before the page asks for a proof of work. */
  private static final int DEFAULT_THRESHOLD = 3;

  private int threshold = DEFAULT_THRESHOLD;

  @Override
  public FormAction create(KeycloakSession session) {
    return new ProofOfWorkFormAction(threshold);
  }

  @Override
  public void init(Config.Scope config) {
    threshold = config.getInt(ProofOfWorkFormAction.THRESHOLD_CONFIG, DEFAULT_THRESHOLD);
  }

  @Override
  public void postInit(KeycloakSessionFactory factory) {}

  @Override
  public void close() {}

  @Override
  public String getId() {
    return ID;
  }

  @Override
  public String getDisplayType() {
    return "Proof of work past a threshold";
  }

  @Override
  public String getHelpText() {
    return "Past a number of sign-ups per client address and hour, the page carries an ALTCHA challenge"
        + " the browser solves, verified here and redeemed once.";
  }

  @Override
  public String getReferenceCategory() {
    return "proof-of-work";
  }

  @Override
  public boolean isConfigurable() {
    return true;
  }

  @Override
  public Requirement[] getRequirementChoices() {
    return new Requirement[] {Requirement.REQUIRED, Requirement.DISABLED};
  }

  @Override
  public boolean isUserSetupAllowed() {
    return false;
  }

  @Override
  public List<ProviderConfigProperty> getConfigProperties() {
    return ProviderConfigurationBuilder.create()
        .property()
        .name(ProofOfWorkFormAction.THRESHOLD_CONFIG)
        .label("Sign-ups per address and hour")
        .helpText("Past this many sign-ups from one address (IPv6: its /64) in an hour, a proof of work is asked.")
        .type(ProviderConfigProperty.STRING_TYPE)
        .defaultValue(String.valueOf(DEFAULT_THRESHOLD))
        .add()
        .build();
  }
}

package app.rushflow.keycloak.proofofwork;

import jakarta.ws.rs.core.MultivaluedMap;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.keycloak.authentication.FormAction;
import org.keycloak.authentication.FormContext;
import org.keycloak.authentication.ValidationContext;
import org.keycloak.crypto.Algorithm;
import org.keycloak.crypto.KeyUse;
import org.keycloak.crypto.KeyWrapper;
import org.keycloak.events.Errors;
import org.keycloak.forms.login.LoginFormsProvider;
import org.keycloak.models.AuthenticatorConfigModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.SingleUseObjectProvider;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.FormMessage;
import org.keycloak.utils.StringUtil;

/**
 * Sign-up's soft threshold: attempts are counted per client address (an IPv6 address by its /64)
 * for an hour in Keycloak's single-use store, which every node shares; past the threshold the page
 * carries an ALTCHA challenge and the form goes through only with its solution, redeemed once.
 */
public class ProofOfWorkFormAction implements FormAction {
  /** The form field the widget fills, and the page attribute register.ftl shows the widget for. */
  static final String FIELD = "altcha";
  static final String CHALLENGE_ATTRIBUTE = "proofOfWorkChallenge";
  static final String THRESHOLD_CONFIG = "threshold";
  static final String REQUIRED_MESSAGE = "proofOfWorkRequired";
  static final String REJECTED_MESSAGE = "proofOfWorkRejected";
  private static final long WINDOW_SECONDS = 60 * 60;
  private static final String COUNT = "count";

  private final int defaultThreshold;

  ProofOfWorkFormAction(int defaultThreshold) {
    this.defaultThreshold = defaultThreshold;
  }

  @Override
  public void buildPage(FormContext context, LoginFormsProvider form) {
    if (attempts(context) >= threshold(context)) {
      form.setAttribute(CHALLENGE_ATTRIBUTE, AltchaChallenge.create(hmacSecret(context), nowSeconds()));
    }
  }

  @Override
  public void validate(ValidationContext context) {
    boolean past = countAttempt(context) > threshold(context);
    if (!past) {
      context.success();
      return;
    }
    MultivaluedMap<String, String> formData = context.getHttpRequest().getDecodedFormParameters();
    String payload = formData.getFirst(FIELD);
    if (StringUtil.isNotBlank(payload) && redeem(context, payload)) {
      context.success();
      return;
    }
    context.error(Errors.INVALID_REGISTRATION);
    formData.remove(FIELD);
    String message = StringUtil.isBlank(payload) ? REQUIRED_MESSAGE : REJECTED_MESSAGE;
    context.validationError(formData, List.of(new FormMessage(null, message)));
  }

  /** Whether `payload` solves a challenge this realm signed, still valid and never redeemed before. */
  private boolean redeem(FormContext context, String payload) {
    Optional<String> nonce = AltchaChallenge.verify(payload, hmacSecret(context), nowSeconds());
    return nonce.isPresent()
        && singleUseObjects(context)
            .putIfAbsent(key(context, "redeemed", nonce.get()), AltchaChallenge.TTL_SECONDS);
  }

  private int attempts(FormContext context) {
    Map<String, String> counted = singleUseObjects(context).get(attemptsKey(context));
    return counted == null ? 0 : Integer.parseInt(counted.getOrDefault(COUNT, "0"));
  }

  /**
   * Adds this attempt to the address's count and returns the new count. Two nodes counting the same
   * moment may lose one attempt: a soft threshold does not need more.
   */
  private int countAttempt(FormContext context) {
    SingleUseObjectProvider store = singleUseObjects(context);
    String key = attemptsKey(context);
    int count = attempts(context) + 1;
    Map<String, String> notes = Map.of(COUNT, String.valueOf(count));
    if (count == 1 || !store.replace(key, notes)) store.put(key, WINDOW_SECONDS, notes);
    return count;
  }

  private int threshold(FormContext context) {
    AuthenticatorConfigModel config = context.getAuthenticatorConfig();
    String configured = config == null ? null : config.getConfig().get(THRESHOLD_CONFIG);
    return StringUtil.isBlank(configured) ? defaultThreshold : Integer.parseInt(configured.trim());
  }

  private String attemptsKey(FormContext context) {
    return key(context, "sign-ups", addressKey(context.getConnection().getRemoteAddr()));
  }

  private static String key(FormContext context, String kind, String id) {
    return "rushflow-proof-of-work:" + kind + ":" + context.getRealm().getId() + ":" + id;
  }

  /**
   * The challenges' signing key, derived from the realm's active HMAC key: every node has it through
   * the database, and it never signs anything else with the same bytes.
   */
  private static String hmacSecret(FormContext context) {
    KeycloakSession session = context.getSession();
    RealmModel realm = context.getRealm();
    KeyWrapper key = session.keys().getActiveKey(realm, KeyUse.SIG, Algorithm.HS512);
    byte[] derived =
        AltchaChallenge.hmacSha256(
            key.getSecretKey().getEncoded(), "rushflow-proof-of-work".getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(derived);
  }

  /**
   * An IPv4 address as it is (an IPv4-mapped IPv6 address is read as its IPv4 address), an IPv6
   * address by its /64: one subscriber holds a whole /64, as api/lib/client-address.ts counts it.
   */
  static String addressKey(String address) {
    String bare = address.replaceFirst("%.*$", "");
    // Only a literal is parsed: a name would be looked up.
    if (!bare.matches("[0-9A-Fa-f:.]+")) return address;
    try {
      InetAddress parsed = InetAddress.getByName(bare);
      if (!(parsed instanceof Inet6Address)) return parsed.getHostAddress();
      byte[] bytes = parsed.getAddress();
      StringBuilder network = new StringBuilder();
      for (int i = 0; i < 8; i += 2) {
        network.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff))).append(':');
      }
      return network.append(":/64").toString();
    } catch (java.net.UnknownHostException notAnAddress) {
      return address;
    }
  }

  private static SingleUseObjectProvider singleUseObjects(FormContext context) {
    return context.getSession().singleUseObjects();
  }

  private static long nowSeconds() {
    return System.currentTimeMillis() / 1000;
  }

  @Override
  public void success(FormContext context) {}

  @Override
  public boolean requiresUser() {
    return false;
  }

  @Override
  public boolean configuredFor(KeycloakSession session, RealmModel realm, UserModel user) {
    return true;
  }

  @Override
  public void setRequiredActions(KeycloakSession session, RealmModel realm, UserModel user) {}

  @Override
  public void close() {}
}

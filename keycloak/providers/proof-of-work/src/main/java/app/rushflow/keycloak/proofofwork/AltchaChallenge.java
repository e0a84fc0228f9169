package app.rushflow.keycloak.proofofwork;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.keycloak.util.JsonSerialization;

/**
 * ALTCHA challenges in the format altcha-lib (2.x) creates and its widget solves, as the api's own
 * (api/lib/proof-of-work.ts): PBKDF2/SHA-256 over the nonce followed by a big-endian 32-bit counter,
 * the counter chosen at random and the first half of its key given as the prefix to find, the
 * parameters signed with HMAC-SHA-256 over their JSON with sorted keys.
 */
final class AltchaChallenge {
  static final String ALGORITHM = "PBKDF2/SHA-256";
  /** PBKDF2 iterations per attempt, and the range the answer lies in: a second or two on a phone. */
  static final int COST = 1_000;
  static final int MIN_COUNTER = 5_000;
  static final int MAX_COUNTER = 10_000;
  static final int KEY_LENGTH = 32;
  /** Long enough to fill the form after the page came; a redeemed solution is remembered as long. */
  static final int TTL_SECONDS = 10 * 60;

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final HexFormat HEX = HexFormat.of();

  private AltchaChallenge() {}

  /** A fresh signed challenge, as the JSON the widget's `challenge` attribute takes. */
  static String create(String hmacSecret, long nowSeconds) {
    byte[] nonce = randomBytes(16);
    byte[] salt = randomBytes(16);
    int counter = MIN_COUNTER + RANDOM.nextInt(MAX_COUNTER - MIN_COUNTER + 1);
    byte[] key = deriveKey(nonce, counter, salt, COST);
    String parameters =
        canonicalParameters(
            COST,
            nowSeconds + TTL_SECONDS,
            KEY_LENGTH,
            HEX.formatHex(key, 0, KEY_LENGTH / 2),
            HEX.formatHex(nonce),
            HEX.formatHex(salt));
    return "{\"parameters\":" + parameters + ",\"signature\":\"" + sign(hmacSecret, parameters) + "\"}";
  }

  /**
   * The nonce of the challenge `payload` solves (the widget's form field: base64 of
   * `{challenge: {parameters, signature}, solution: {counter, derivedKey}}`), when it is signed with
   * `hmacSecret`, not expired and solved; empty otherwise.
   */
  static Optional<String> verify(String payload, String hmacSecret, long nowSeconds) {
    try {
      JsonNode root = JsonSerialization.readValue(Base64.getDecoder().decode(payload.trim()), JsonNode.class);
      JsonNode parameters = root.path("challenge").path("parameters");
      JsonNode solution = root.path("solution");
      if (!ALGORITHM.equals(parameters.path("algorithm").asText())
          || !parameters.path("cost").isInt()
          || !parameters.path("expiresAt").canConvertToLong()
          || !parameters.path("keyLength").isInt()
          || !solution.path("counter").canConvertToLong()
          || !solution.path("counter").isIntegralNumber()) {
        return Optional.empty();
      }
      int cost = parameters.path("cost").intValue();
      long expiresAt = parameters.path("expiresAt").longValue();
      int keyLength = parameters.path("keyLength").intValue();
      String keyPrefix = parameters.path("keyPrefix").asText();
      String nonce = parameters.path("nonce").asText();
      String salt = parameters.path("salt").asText();
      String signed = canonicalParameters(cost, expiresAt, keyLength, keyPrefix, nonce, salt);
      byte[] expectedSignature = sign(hmacSecret, signed).getBytes(StandardCharsets.US_ASCII);
      byte[] signature = root.path("challenge").path("signature").asText().getBytes(StandardCharsets.US_ASCII);
      if (!MessageDigest.isEqual(expectedSignature, signature) || expiresAt < nowSeconds) {
        return Optional.empty();
      }
      long counter = solution.path("counter").longValue();
      String derivedKey = solution.path("derivedKey").asText();
      if (counter < 0 || counter > 0xffffffffL || keyLength != KEY_LENGTH || !derivedKey.matches("(?:[0-9a-f]{2})+")) {
        return Optional.empty();
      }
      String key = HEX.formatHex(deriveKey(HEX.parseHex(nonce), (int) counter, HEX.parseHex(salt), cost));
      boolean solved =
          MessageDigest.isEqual(key.getBytes(StandardCharsets.US_ASCII), derivedKey.getBytes(StandardCharsets.US_ASCII))
              && key.startsWith(keyPrefix.toLowerCase());
      return solved ? Optional.of(nonce) : Optional.empty();
    } catch (Exception unreadable) {
      // Not base64, not JSON or not hex: no solution.
      return Optional.empty();
    }
  }

  /** The parameters' JSON as altcha-lib signs it: keys sorted, no spaces, undefined ones left out. */
  private static String canonicalParameters(
      int cost, long expiresAt, int keyLength, String keyPrefix, String nonce, String salt) {
    try {
      return "{\"algorithm\":" + JsonSerialization.writeValueAsString(ALGORITHM)
          + ",\"cost\":" + cost
          + ",\"expiresAt\":" + expiresAt
          + ",\"keyLength\":" + keyLength
          + ",\"keyPrefix\":" + JsonSerialization.writeValueAsString(keyPrefix)
          + ",\"nonce\":" + JsonSerialization.writeValueAsString(nonce)
          + ",\"salt\":" + JsonSerialization.writeValueAsString(salt)
          + "}";
    } catch (java.io.IOException impossible) {
      throw new IllegalStateException(impossible);
    }
  }

  /** HMAC-SHA-256 of `data` under the UTF-8 bytes of `secret`, in lowercase hex (altcha-lib's `hmac`). */
  private static String sign(String secret, String data) {
    return HEX.formatHex(hmacSha256(secret.getBytes(StandardCharsets.UTF_8), data.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * PBKDF2-HMAC-SHA-256 of the nonce followed by the counter (4 bytes, big-endian), one block of
   * 32 bytes. Written out because the JDK's PBKDF2 takes its password as characters, and these bytes
   * are not text.
   */
  private static byte[] deriveKey(byte[] nonce, int counter, byte[] salt, int iterations) {
    byte[] password = ByteBuffer.allocate(nonce.length + 4).put(nonce).putInt(counter).array();
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(password, "HmacSHA256"));
      mac.update(salt);
      byte[] block = mac.doFinal(new byte[] {0, 0, 0, 1});
      byte[] key = block.clone();
      for (int i = 1; i < iterations; i++) {
        block = mac.doFinal(block);
        for (int j = 0; j < key.length; j++) key[j] ^= block[j];
      }
      return key;
    } catch (GeneralSecurityException unavailable) {
      throw new IllegalStateException(unavailable);
    }
  }

  static byte[] hmacSha256(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException unavailable) {
      throw new IllegalStateException(unavailable);
    }
  }

  private static byte[] randomBytes(int length) {
    byte[] bytes = new byte[length];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}

import org.mustangproject.validator.ZUGFeRDValidator;

/**
 * Validates Factur-X PDFs (or bare CII XML files) with Mustang: the PDF/A-3 part (veraPDF's rules),
 * the XMP metadata, the XML against the Factur-X schema and the EN 16931 schematron. Prints, per
 * file, Mustang's XML report and a last line `VALID <file>` or `INVALID <file>`; exits 1 when any
 * file is invalid.
 */
public class ValidateFacturX {
  public static void main(String[] files) {
    boolean allValid = true;
    for (String file : files) {
      ZUGFeRDValidator validator = new ZUGFeRDValidator();
      String report = validator.validate(file);
      boolean valid = validator.wasCompletelyValid();
      allValid &= valid;
      System.out.println("=== " + file);
      System.out.println(report);
      System.out.println((valid ? "VALID " : "INVALID ") + file);
    }
    System.exit(allValid ? 0 : 1);
  }
}

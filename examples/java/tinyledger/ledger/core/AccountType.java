package ledger.core;

/**
 * The five account classes of double-entry bookkeeping. Assets and expenses grow with debits;
 * liabilities, equity and income grow with credits.
 */
public enum AccountType {
    ASSET('A', true),
    LIABILITY('L', false),
    EQUITY('Q', false),
    INCOME('I', false),
    EXPENSE('E', true);

    private final char letter;
    private final boolean debitNormal;

    AccountType(char letter, boolean debitNormal) {
        this.letter = letter;
        this.debitNormal = debitNormal;
    }

    public char letter() {
        return letter;
    }

    public boolean isDebitNormal() {
        return debitNormal;
    }

    /** +1 when a debit increases the balance of this type, -1 otherwise. */
    public int sign() {
        return debitNormal ? 1 : -1;
    }

    /** Income and expenses are closed into equity at the end of a period. */
    public boolean isTemporary() {
        return this == INCOME || this == EXPENSE;
    }

    public static AccountType forLetter(char letter) {
        for (AccountType type : values()) {
            if (type.letter == Character.toUpperCase(letter)) {
                return type;
            }
        }
        throw new IllegalArgumentException("no account type '" + letter + "'");
    }
}

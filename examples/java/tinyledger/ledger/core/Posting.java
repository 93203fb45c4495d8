package ledger.core;

/** One line of a transaction: an account and a signed amount (debit > 0 > credit). */
public final class Posting {
    private final Account account;
    private final Amount amount;
    private final String memo;

    public Posting(Account account, Amount amount, String memo) {
        if (!account.isLeaf()) {
            throw new IllegalArgumentException("cannot post to parent account " + account.code());
        }
        this.account = account;
        this.amount = amount;
        this.memo = memo == null ? "" : memo;
    }

    public static Posting debit(Account account, Amount amount) {
        return new Posting(account, amount.abs(), null);
    }

    public static Posting credit(Account account, Amount amount) {
        return new Posting(account, amount.abs().negate(), null);
    }

    public Account account() {
        return account;
    }

    public Amount amount() {
        return amount;
    }

    public String memo() {
        return memo;
    }

    /** The effect on the account's balance in its natural direction. */
    public Amount signedForAccount() {
        return account.type().isDebitNormal() ? amount : amount.negate();
    }

    @Override
    public String toString() {
        return account.code() + " " + amount.format() + (memo.isEmpty() ? "" : " ; " + memo);
    }
}

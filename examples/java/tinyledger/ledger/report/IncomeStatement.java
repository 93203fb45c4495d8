package ledger.report;

import ledger.core.Account;
import ledger.core.AccountType;
import ledger.core.Amount;
import ledger.core.Journal;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Income minus expenses over a period, built from two trial balances (period start and end)
 * so that only the movements inside the period count.
 */
public class IncomeStatement {
    private final LocalDate from;
    private final LocalDate to;
    private final Map<Account, Amount> income = new LinkedHashMap<>();
    private final Map<Account, Amount> expenses = new LinkedHashMap<>();

    public IncomeStatement(Journal journal, LocalDate from, LocalDate to) {
        this.from = from;
        this.to = to;
        TrialBalance opening = new TrialBalance(journal, from.minusDays(1));
        TrialBalance closing = new TrialBalance(journal, to);
        for (TrialBalance.Row row : closing.rows()) {
            AccountType type = row.account().type();
            if (!type.isTemporary()) {
                continue;
            }
            Amount movement = row.debit().plus(row.credit()).plus(openingAmount(opening, row.account()).negate());
            (type == AccountType.INCOME ? income : expenses).put(row.account(), movement);
        }
    }

    private static Amount openingAmount(TrialBalance opening, Account account) {
        for (TrialBalance.Row row : opening.rows()) {
            if (row.account() == account) {
                return row.debit().plus(row.credit());
            }
        }
        return Amount.NONE;
    }

    public Amount totalIncome() {
        return sum(income);
    }

    public Amount totalExpenses() {
        return sum(expenses);
    }

    public Amount netResult() {
        return totalIncome().plus(totalExpenses().negate());
    }

    public boolean isProfit() {
        return netResult().isDebit();
    }

    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("Income statement " + from + " .. " + to);
        income.forEach((account, amount) -> lines.add("  + " + account.name() + " " + amount.format()));
        expenses.forEach((account, amount) -> lines.add("  - " + account.name() + " " + amount.format()));
        lines.add((isProfit() ? "Profit " : "Loss ") + netResult().abs().format());
        return lines;
    }

    private static Amount sum(Map<Account, Amount> amounts) {
        Amount total = Amount.NONE;
        for (Amount amount : amounts.values()) {
            total = total.plus(amount);
        }
        return total;
    }
}
